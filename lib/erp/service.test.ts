import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore } from "@/lib/db/open";
import type { Database } from "@/lib/db/schema";
import { createTransferRun } from "@/lib/erp/store";

// Reads never write (a run page polled once a second must not interrupt or audit anything); the
// sweeper is what marks a stopped owner's run interrupted, once.

const state = vi.hoisted(() => ({ conn: undefined as unknown as Kysely<Database> }));
const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };

vi.mock("@/lib/db", () => ({ db: async () => state.conn }));
vi.mock("@/lib/config", () => ({
  getConfig: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 } }),
}));
vi.mock("@/lib/auth/session", () => ({ requirePageMember: async () => OPERATOR, getCurrentMember: async () => OPERATOR }));

const service = await import("@/lib/erp/service");
const { loadErpPage, loadRunPage } = await import("@/app/(dashboard)/erp/load");
const runRoute = await import("@/app/api/erp/transfers/[runId]/route");
const { startSweeper } = await import("@/lib/erp/sweeper");

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-erp-service-"));
  state.conn = await openStore(path.join(dir, "store"));
});

afterAll(async () => {
  await state.conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A run owned by an earlier boot of this same instance: its owner has stopped. */
async function orphanedRun(key: string) {
  const { run } = await createTransferRun(state.conn, {
    actor: { id: OPERATOR.id, email: OPERATOR.email, name: OPERATOR.name },
    idempotencyKey: key,
    request: { orderIds: ["3572000", "3572001", "3572002"] },
    batchSize: 2,
    maxOrdersPerRun: 5,
    owner: { name: service.runnerInstance().name, boot: "an-earlier-boot" },
  });
  return run;
}

async function snapshot() {
  const runs = await state.conn.selectFrom("erp_transfer_runs").selectAll().orderBy("id").execute();
  const orders = await state.conn.selectFrom("erp_transfer_orders").selectAll().orderBy("run_id").orderBy("position").execute();
  const audits = await state.conn.selectFrom("audit_events").selectAll().execute();
  return { runs, orders, audits };
}

const query = { outcome: undefined, page: 1, limit: 50 as const };

describe("reads", () => {
  it("a run page, the run list and the run's GET leave a stopped owner's run untouched", async () => {
    const run = await orphanedRun("key-service-read-0001");
    const before = await snapshot();

    expect((await service.getRunPage(run.id, query))?.run.state).toBe("queued");
    await service.listTransferRuns({ status: undefined, by: undefined, page: 1, limit: 10 });
    await service.listImportRuns({ kind: undefined, page: 1, limit: 10 });
    await loadRunPage(run.id, {});
    await loadErpPage({});
    const res = await runRoute.GET(
      new (await import("next/server")).NextRequest(`http://console.test/api/erp/transfers/${run.id}`, { headers: { host: "console.test" } }),
      { params: Promise.resolve({ runId: run.id }) },
    );
    expect(res.status).toBe(200);

    expect(await snapshot()).toEqual(before);
  });
});

describe("the page loaders", () => {
  it("read the URL as the client does and key each first page as the client's fetcher would", async () => {
    const { fallback } = await loadErpPage({ status: "nope", limit: "25", import: "stock", ipage: "2" });
    expect(Object.keys(fallback)).toEqual(["/api/erp/transfers?limit=25", "/api/erp/imports?kind=stock&page=2"]);
    for (const [key, page] of Object.entries(fallback)) expect(page.key).toBe(key);
    expect(fallback["/api/erp/imports?kind=stock&page=2"]).toMatchObject({ page: 2, limit: 10 });
  });

  it("a run page is keyed by its run and filter; an unknown run is a 404", async () => {
    const run = await orphanedRun("key-service-load-0001");
    const { fallback } = await loadRunPage(run.id.toUpperCase(), { outcome: "pending", page: "0" });
    expect(Object.keys(fallback)).toEqual([`/api/erp/transfers/${run.id}?outcome=pending`]);
    expect(Object.values(fallback)[0]).toMatchObject({ key: `/api/erp/transfers/${run.id}?outcome=pending`, orders: { total: 3, outcome: "pending" } });
    await expect(loadRunPage("00000000-0000-4000-8000-000000000000", {})).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});

describe("the stopped-run sweeper", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("marks a stopped owner's run interrupted and audits it once", async () => {
    const run = await orphanedRun("key-service-sweep-0001");
    await service.sweepStoppedRuns();
    await service.sweepStoppedRuns();
    const after = await service.getRunPage(run.id, query);
    expect(after?.run.state).toBe("interrupted");
    const audits = await state.conn.selectFrom("audit_events").selectAll().where("target_id", "=", run.id).execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "erp.transfer", outcome: "failure", actor_email: OPERATOR.email });
    expect(JSON.parse(audits[0]!.details_json ?? "{}")).toMatchObject({ event: "interrupted", status: "interrupted" });
  });

  it("sweeps at start and then once per interval, never two passes at once", async () => {
    vi.useFakeTimers();
    let calls = 0;
    let release: () => void = () => undefined;
    const sweep = () => {
      calls += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const stop = startSweeper(sweep, { intervalMs: 1000, onError: () => undefined });
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1); // the first pass is still running
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    release();
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });

  it("reports a failed pass and keeps sweeping", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const stop = startSweeper(
      async () => {
        calls += 1;
        throw new Error("store unavailable");
      },
      { intervalMs: 1000, onError: (e) => errors.push(e) },
    );
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    expect(calls).toBe(3);
    expect(errors).toHaveLength(3);
  });

  it("the interval is shorter than the stale limit of a silent owner", async () => {
    const { STALE_AFTER_MS } = await import("@/lib/erp/store");
    const { HEARTBEAT_MS } = await import("@/lib/erp/runner");
    expect(service.SWEEP_INTERVAL_MS).toBeLessThan(STALE_AFTER_MS);
    expect(service.SWEEP_INTERVAL_MS).toBeGreaterThan(HEARTBEAT_MS);
  });
});
