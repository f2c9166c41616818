import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createEmulator } from "@/emulator/server";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/lib/testing/in-process-console";
import { openTestStore } from "@/lib/testing/store";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";

// POST /api/erp/transfers/{runId}/stop in-process: the real wrapper, store, runner on the job engine and the emulator over HTTP.

const TOKEN = "erp-stop-routes-token-77ab";
const state = vi.hoisted(() => ({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  alerts: [] as unknown[],
}));

vi.mock("@/lib/auth/session", () => ({ getCurrentMember: async () => state.member }));
vi.mock("@/lib/store", () => ({ db: async () => state.conn, store: async () => state.store }));
vi.mock("@/lib/config", () => ({
  getConfig: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 50, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }),
}));
vi.mock("@/lib/upstream", async () => {
  const errors = await import("@/lib/upstream/errors");
  return { ...errors, upstream: () => state.client };
});
vi.mock("@/lib/alerts/events", () => ({ raiseAlert: async (event: unknown) => void state.alerts.push(event) }));

const { stopTransferJobs } = await import("@/lib/erp/service");

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };
const IDS = Array.from({ length: 20 }, (_, i) => String(3572100 + i));

let dir: string;
let emulatorUrl: string;
let closeEmulator: () => Promise<void>;

const stop = (runId: string, headers: Record<string, string> = {}) => callRoute("POST", `/api/erp/transfers/${runId}/stop`, undefined, headers);

async function control(method: string, p: string, body?: unknown) {
  const res = await fetch(`${emulatorUrl}/__emulator${p}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function waitFor(runId: string, done: (run: { state: string; batchesDone: number }) => boolean) {
  for (let i = 0; i < 400; i++) {
    const body = await (await callRoute("GET", `/api/erp/transfers/${runId}`)).json();
    if (done(body.run)) return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the run never got there");
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-erp-stop-routes-"));
  const emulator = createEmulator({ token: TOKEN, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  emulatorUrl = (await emulator.listen(0)).url;
  closeEmulator = () => emulator.close();
  state.client = createUpstreamClient({ baseUrl: emulatorUrl, token: TOKEN, timeoutMs: 5000 });
  state.store = await openTestStore();
  state.conn = state.store.db;
});

afterAll(async () => {
  await stopTransferJobs();
  await state.store.close();
  await closeEmulator();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  state.member = OPERATOR;
  state.alerts = [];
  await control("POST", "/reset");
});

describe("POST /api/erp/transfers/{runId}/stop", () => {
  it("stops a slowed run (202, then 200), audits it in words, leaves the rest not sent for Send unsent, and raises no alert", { timeout: 30_000 }, async () => {
    await control("POST", "/faults", { path: "/v1/action/orders-erp-transfer", latencyMs: 200 });
    const created = await callRoute("POST", "/api/erp/transfers", { orderIds: IDS }, { "idempotency-key": "stop-route-0001" });
    const { run } = await created.json();
    await waitFor(run.id, (r) => r.batchesDone >= 1);

    state.member = VIEWER;
    expect((await stop(run.id)).status).toBe(403);
    state.member = OPERATOR;
    expect((await stop(run.id, { origin: "http://evil.example" })).status).toBe(403);

    const first = await stop(run.id);
    expect(first.status).toBe(202);
    expect((await first.json()).run.stop.by).toBe("Onur Operator");
    expect((await stop(run.id)).status).toBe(200);

    const done = await waitFor(run.id, (r) => r.state !== "queued" && r.state !== "running");
    expect(done.run.state).toBe("completed");
    expect(done.run.meanings.transferred).toBeGreaterThanOrEqual(2);
    expect(done.run.meanings.notSent).toBeGreaterThan(0);
    expect(done.run.meanings.transferred + done.run.meanings.notSent).toBe(IDS.length);
    expect(done.run.retryable.unsent).toBe(done.run.meanings.notSent);
    expect(state.alerts).toEqual([]);

    const audit = await state.conn.selectFrom("audit_events").selectAll().where("target_id", "=", run.id).orderBy("id").execute();
    expect(audit.map((a) => [a.actor_email, JSON.parse(a.details_json ?? "{}").event])).toEqual([
      ["operator@demo.local", "created"],
      ["operator@demo.local", "stop_requested"],
      ["operator@demo.local", "stopped"],
    ]);
    expect(audit[1]!.message).toMatch(/^Transfer run stop requested by operator@demo\.local/);
    expect(audit[2]!.message).toMatch(new RegExp(`^Transfer run stopped by Onur Operator: ${done.run.meanings.transferred} transferred, .* ${done.run.meanings.notSent} not sent, of 20\\.$`));

    const ended = await stop(run.id);
    expect(ended.status).toBe(409);
    expect((await ended.json()).reason).toBe("not_running");
    const missing = await stop("00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);

    const unsent = await callRoute("POST", "/api/erp/transfers", { parentRunId: run.id, retry: "unsent" }, { "idempotency-key": "stop-route-0002" });
    expect(unsent.status).toBe(201);
    expect((await unsent.json()).run.counts.total).toBe(done.run.meanings.notSent);
  });
});
