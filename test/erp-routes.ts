import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { createEmulator } from "@/emulator/server";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";

// The ERP route tests' shared ground: the real emulator over HTTP on a scratch file and a test store, filled into the state their mocks read.

export interface ErpRouteState {
  member: null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" };
  conn: Kysely<Database>;
  store: Store;
  client: UpstreamClient;
}

export const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
export const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };

export interface ErpRouteGround {
  /** The emulator's base URL. */
  url: string;
  /** The emulator's control door (faults, latency, seeded orders). */
  control: (method: string, p: string, body?: unknown) => Promise<unknown>;
  close: (stopJobs: () => Promise<void>) => Promise<void>;
}

export async function startErpRoutes(state: ErpRouteState, name: string, token: string, client: { timeoutMs?: number; retryDelayMs?: number } = {}): Promise<ErpRouteGround> {
  const dir = mkdtempSync(path.join(tmpdir(), `labs-${name}-`));
  const emulator = createEmulator({ token, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  const url = (await emulator.listen(0)).url;
  state.client = createUpstreamClient({ baseUrl: url, token, timeoutMs: client.timeoutMs ?? 2000, retryDelayMs: client.retryDelayMs });
  state.store = await openTestStore();
  state.conn = state.store.db;
  return {
    url,
    control: async (method, p, body) => {
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      return (await fetch(`${url}/__emulator${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })).json();
    },
    close: async (stopJobs) => {
      await stopJobs();
      await state.store.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const finished = (run: { state: string }) => run.state === "completed" || run.state === "interrupted";

/** Reads the run through its route until `done` holds (by default: it finished). */
export async function waitForRun(runId: string, done: (run: { state: string; batchesDone: number }) => boolean = finished, tries = 400) {
  for (let i = 0; i < tries; i++) {
    const body = await (await callRoute("GET", `/api/erp/transfers/${runId}`)).json();
    if (done(body.run)) return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the run never got there");
}
