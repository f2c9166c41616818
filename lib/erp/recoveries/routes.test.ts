import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ErpRouteGround, type ErpRouteState, OPERATOR, startErpRoutes, VIEWER, waitForRun } from "@/test/erp-routes";
import { callRoute } from "@/test/in-process-console";

// Recovery of an incident window in-process: the real wrapper, store, runner and job engine, the emulator over HTTP with a 503 fault.

const TOKEN = "erp-recovery-routes-token-3b19";
const state = stubDoors({
  ...({ member: null } as ErpRouteState),
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 50, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, breaker: { windowBatches: 10, openAfter: 100, probeSeconds: 300, probeOrders: 1, drainBatchesPerMinute: 600 }, accountTimeZone: "Europe/Istanbul" }),
  locale: "en" as const,
});

const { stopTransferJobs } = await import("@/lib/erp/service");

let ground: ErpRouteGround;

/** A run whose one batch meets a 503: its orders end unknown. */
async function failedRun(orderIds: string[], key: string): Promise<void> {
  await ground.control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503, times: Math.ceil(orderIds.length / 2) });
  const res = await callRoute("POST", "/api/erp/transfers", { orderIds }, { "idempotency-key": key });
  expect(res.status).toBe(201);
  await waitForRun((await res.json()).run.id);
}

const recover = (body: Record<string, unknown>) => callRoute("POST", "/api/erp/recoveries", body);
const sentIds = async () => {
  const { requests } = (await ground.control("GET", "/requests")) as { requests: { path: string; status: number | null; body: { orderIds?: string[] } }[] };
  return requests.filter((r) => r.path === "/v1/action/orders-erp-transfer" && r.status === 200).flatMap((r) => r.body.orderIds ?? []);
};
const recoveryRuns = async () => state.conn.selectFrom("erp_transfer_runs").select("id").where("origin", "=", "recovery").execute();

beforeAll(async () => {
  ground = await startErpRoutes(state, "erp-recovery", TOKEN);
});

afterAll(async () => {
  await ground.close(stopTransferJobs);
});

beforeEach(async () => {
  state.member = OPERATOR;
  await ground.control("POST", "/reset");
  for (const table of ["erp_recoveries", "order_queue", "erp_transfer_orders", "erp_transfer_runs", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

describe("/api/erp/recoveries", () => {
  it("previews the frozen count without sending, refuses a changed count, then recovers the window once as a paced recovery run", async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    await failedRun(["3572101", "3572102", "3572103"], "recovery-route-0001");
    const window = { from, to: new Date(Date.now() + 60_000).toISOString(), name: "ERP outage 3 Nov" };

    const preview = await recover({ ...window, confirm: false });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ count: 3, orderIds: ["3572101", "3572102", "3572103"], from: window.from, to: window.to });
    expect(await recoveryRuns()).toEqual([]);

    const stale = await recover({ ...window, confirm: true, expectedCount: 2 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ reason: "count_changed", count: 3 });
    expect(await recoveryRuns()).toEqual([]);

    const started = await recover({ ...window, confirm: true, expectedCount: 3 });
    expect(started.status).toBe(201);
    const { run, recovery } = await started.json();
    expect(run.origin).toBe("recovery");
    expect(recovery).toMatchObject({ name: "ERP outage 3 Nov", count: 3, runId: run.id, pacePerMinute: 600, createdBy: { email: OPERATOR.email } });
    const done = await waitForRun(run.id);
    expect(done.run.meanings.transferred).toBe(3);
    expect((await sentIds()).sort()).toEqual(["3572101", "3572102", "3572103"]);

    const again = await recover({ ...window, confirm: true, expectedCount: 3 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ count: 0 });
    expect(await sentIds()).toHaveLength(3);

    const listed = await (await callRoute("GET", "/api/erp/recoveries")).json();
    expect(listed).toMatchObject({ total: 1, page: 1, items: [{ name: "ERP outage 3 Nov", count: 3, runId: run.id }] });
    const trail = await state.conn.selectFrom("audit_events").select("message").where("action", "=", "erp.recovery").execute();
    expect(trail.map((a) => a.message)).toEqual([expect.stringMatching(/^Recovery "ERP outage 3 Nov" started: 3 orders failed between .+ and .+, sent at 600 batches a minute\.$/)]);
  });

  it("refuses bad input naming the field, and viewers, sending nothing", async () => {
    await failedRun(["3572120"], "recovery-route-0002");
    const base = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), name: "Outage" };
    const field = async (body: Record<string, unknown>) => {
      const res = await recover(body);
      expect(res.status).toBe(422);
      return Object.keys((await res.json()).errors);
    };
    expect(await field({ ...base, to: new Date(Date.now() - 120_000).toISOString() })).toEqual(["to"]);
    expect(await field({ ...base, from: "2026-10-01T00:00:00Z", to: "2026-11-02T00:00:01Z" })).toEqual(["to"]);
    expect(await field({ ...base, name: "" })).toEqual(["name"]);
    expect(await field({ ...base, from: "yesterday" })).toEqual(["from"]);
    expect(await field({ ...base, confirm: true, expectedCount: 1, pacePerMinute: 0 })).toEqual(["pacePerMinute"]);
    state.member = VIEWER;
    expect((await recover({ ...base, confirm: true, expectedCount: 1 })).status).toBe(403);
    expect(await recoveryRuns()).toEqual([]);
    expect(await sentIds()).toEqual([]);
  });
});
