import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ErpRouteGround, type ErpRouteState, OPERATOR, startErpRoutes, VIEWER, waitForRun } from "@/test/erp-routes";
import { callRoute } from "@/test/in-process-console";

// The failures inbox routes in-process: the real wrapper, store, runner and job engine, the emulator over HTTP with a 503 fault.

const TOKEN = "erp-inbox-routes-token-77c1";
const state = stubDoors({
  ...({ member: null } as ErpRouteState),
  config: () => ({ erp: { batchSize: 10, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }),
  locale: "en" as const,
});

const { stopTransferJobs } = await import("@/lib/erp/service");

const FIVE_XX = { meaning: "unknown", reasonCode: "server_error:503", reason: null };

let ground: ErpRouteGround;

/** A run whose one batch meets a 503: its orders end unknown (the platform may have acted). */
async function failedRun(orderIds: string[], key: string): Promise<string> {
  await ground.control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503, times: 1 });
  const res = await callRoute("POST", "/api/erp/transfers", { orderIds }, { "idempotency-key": key });
  expect(res.status).toBe(201);
  const { run } = await res.json();
  await waitForRun(run.id);
  return run.id;
}

const retry = (runId: string, body: unknown, key: string) => callRoute("POST", `/api/erp/failures/retry?run=${runId}`, body, { "idempotency-key": key });

beforeAll(async () => {
  ground = await startErpRoutes(state, "erp-inbox", TOKEN);
});

afterAll(async () => {
  await ground.close(stopTransferJobs);
});

beforeEach(async () => {
  state.member = OPERATOR;
  await ground.control("POST", "/reset");
});

describe("the failures inbox routes", () => {
  it("lists a 5xx fault's orders as one group, retries them once as one run, and they leave", async () => {
    const runId = await failedRun(["3572010", "3572011"], "inbox-route-0001");
    const inbox = await (await callRoute("GET", `/api/erp/failures?run=${runId}`)).json();
    expect(inbox.total).toBe(2);
    expect(inbox.groups).toMatchObject([{ ...FIVE_XX, count: 2, runs: 1 }]);
    expect(inbox.groups[0].orderIds).toEqual(["3572010", "3572011"]);
    expect(inbox.groups[0].runIds).toEqual([runId]);
    expect(inbox.people).toEqual(["operator@demo.local"]);
    expect(inbox.peopleNames).toEqual([{ email: "operator@demo.local", name: OPERATOR.name }]);
    expect(await (await callRoute("GET", "/api/erp/failures/count")).json()).toEqual({ open: 2 });

    // Unknown orders may already be in the ERP: sent again only when confirmed, as on the run page.
    const unconfirmed = await retry(runId, FIVE_XX, "inbox-route-0002");
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.headers.get("content-type")).toContain("application/problem+json");
    expect(Object.keys((await unconfirmed.json()).errors)).toEqual(["confirmUnknown"]);
    state.member = VIEWER;
    expect((await retry(runId, { ...FIVE_XX, confirmUnknown: true }, "inbox-route-0003")).status).toBe(403);
    state.member = OPERATOR;

    const made = await retry(runId, { ...FIVE_XX, confirmUnknown: true }, "inbox-route-0004");
    expect(made.status).toBe(201);
    const { run } = await made.json();
    expect(run.origin).toBe("resend_unknown");
    expect(run.counts.total).toBe(2);
    const same = await retry(runId, { ...FIVE_XX, confirmUnknown: true }, "inbox-route-0004");
    expect(same.status).toBe(200);
    expect((await same.json()).run.id).toBe(run.id);
    const twice = await retry(runId, { ...FIVE_XX, confirmUnknown: true }, "inbox-route-0005");
    expect(twice.status).toBe(409);
    expect((await twice.json()).reason).toBe("already_retried");

    const done = await waitForRun(run.id);
    expect(done.run.meanings).toMatchObject({ transferred: 2, unknown: 0 });
    expect((await (await callRoute("GET", `/api/erp/failures?run=${runId}`)).json()).total).toBe(0);
    expect(await (await callRoute("GET", "/api/erp/failures/count")).json()).toEqual({ open: 0 });
  });

  it("marks a group resolved with a note, audited in words, and refuses a blank note", async () => {
    const runId = await failedRun(["3572020"], "inbox-route-0101");
    const blank = await callRoute("POST", `/api/erp/failures/resolve?run=${runId}`, { ...FIVE_XX, note: "  " });
    expect(blank.status).toBe(422);
    expect(Object.keys((await blank.json()).errors)).toEqual(["note"]);

    const resolved = await callRoute("POST", `/api/erp/failures/resolve?run=${runId}`, { ...FIVE_XX, note: "Keyed into the ERP by hand" });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toEqual({ resolved: 1 });
    expect((await (await callRoute("GET", `/api/erp/failures?run=${runId}`)).json()).total).toBe(0);
    const audit = await state.conn.selectFrom("audit_events").selectAll().where("action", "=", "erp.resolve").execute();
    expect(audit.map((a) => [a.actor_email, a.outcome, a.message])).toEqual([
      ["operator@demo.local", "success", "Marked 1 unknown orders (server_error:503) resolved: Keyed into the ERP by hand"],
    ]);
  });

  it("filters by the origin of the run that left the orders open, for the list, a resolve and a retry alike", async () => {
    // A member of its own, so the other tests' open orders stay out of the counts.
    state.member = { id: 4, email: "origin-filter@demo.local", name: "Oya Origin", role: "operator" };
    await failedRun(["3572030"], "inbox-route-0201");
    const first = await failedRun(["3572031", "3572032"], "inbox-route-0202");
    await ground.control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503, times: 1 });
    const made = await retry(first, { ...FIVE_XX, confirmUnknown: true }, "inbox-route-0203");
    expect(made.status).toBe(201);
    const retried = (await made.json()).run.id;
    await waitForRun(retried);

    const list = async (q: string) => (await (await callRoute("GET", `/api/erp/failures?by=origin-filter@demo.local${q}`)).json()).total;
    expect(await list("")).toBe(3);
    expect(await list("&origin=by_hand")).toBe(1);
    expect(await list("&origin=retry")).toBe(2);

    const again = await callRoute("POST", "/api/erp/failures/retry?by=origin-filter@demo.local&origin=retry", { ...FIVE_XX, confirmUnknown: true }, { "idempotency-key": "inbox-route-0204" });
    expect(again.status).toBe(201);
    const { run } = await again.json();
    expect(run.counts.total).toBe(2);
    await waitForRun(run.id);
    expect(await list("&origin=retry")).toBe(0);
    expect(await list("")).toBe(1);

    const resolve = (origin: string) => callRoute("POST", `/api/erp/failures/resolve?by=origin-filter@demo.local&origin=${origin}`, { ...FIVE_XX, note: "Checked in the ERP" });
    expect(await (await resolve("retry")).json()).toEqual({ resolved: 0 });
    expect(await (await resolve("by_hand")).json()).toEqual({ resolved: 1 });
    expect(await list("")).toBe(0);
  });

  it("refuses filters it cannot read, each named", async () => {
    const bad = await callRoute("GET", "/api/erp/failures?run=nope&from=2026-02-30&who=x&origin=scheduled");
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["from", "origin", "run", "who"]);
  });
});
