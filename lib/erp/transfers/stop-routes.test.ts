import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ErpRouteGround, type ErpRouteState, OPERATOR, startErpRoutes, VIEWER, waitForRun } from "@/test/erp-routes";
import { callRoute } from "@/test/in-process-console";

// POST /api/erp/transfers/{runId}/stop in-process: the real wrapper, store, runner on the job engine and the emulator over HTTP.

const TOKEN = "erp-stop-routes-token-77ab";
const state = stubDoors({
  ...({ member: null } as ErpRouteState),
  alerts: [] as unknown[],
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 50, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }),
});

const { stopTransferJobs } = await import("@/lib/erp/service");

const IDS = Array.from({ length: 20 }, (_, i) => String(3572100 + i));

let ground: ErpRouteGround;

const stop = (runId: string, headers: Record<string, string> = {}) => callRoute("POST", `/api/erp/transfers/${runId}/stop`, undefined, headers);

beforeAll(async () => {
  ground = await startErpRoutes(state, "erp-stop-routes", TOKEN, { timeoutMs: 5000 });
});

afterAll(async () => {
  await ground.close(stopTransferJobs);
});

beforeEach(async () => {
  state.member = OPERATOR;
  state.alerts = [];
  await ground.control("POST", "/reset");
});

describe("POST /api/erp/transfers/{runId}/stop", () => {
  it("stops a slowed run (202, then 200), audits it in words, leaves the rest not sent for Send unsent, and raises no alert", { timeout: 30_000 }, async () => {
    await ground.control("POST", "/faults", { path: "/v1/action/orders-erp-transfer", latencyMs: 200 });
    const created = await callRoute("POST", "/api/erp/transfers", { orderIds: IDS }, { "idempotency-key": "stop-route-0001" });
    const { run } = await created.json();
    await waitForRun(run.id, (r) => r.batchesDone >= 1);

    state.member = VIEWER;
    expect((await stop(run.id)).status).toBe(403);
    state.member = OPERATOR;
    expect((await stop(run.id, { origin: "http://evil.example" })).status).toBe(403);

    const first = await stop(run.id);
    expect(first.status).toBe(202);
    expect((await first.json()).run.stop.by).toBe("Onur Operator");
    expect((await stop(run.id)).status).toBe(200);

    const done = await waitForRun(run.id, (r) => r.state !== "queued" && r.state !== "running");
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
