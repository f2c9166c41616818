import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErpRouteGround, type ErpRouteState, OPERATOR, startErpRoutes, VIEWER, waitForRun } from "@/test/erp-routes";
import { callRoute } from "@/test/in-process-console";

// The order history routes after a real run: the real wrapper, store, runner and job engine against the emulator over HTTP.

const TOKEN = "erp-history-routes-token-7c21";
const state = stubDoors({
  ...({ member: null } as ErpRouteState),
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }),
  locale: "en" as const,
});

const { stopTransferJobs } = await import("@/lib/erp/service");

let ground: ErpRouteGround;

async function transfer(orderIds: string[], key: string): Promise<string> {
  const res = await callRoute("POST", "/api/erp/transfers", { orderIds }, { "idempotency-key": key });
  expect(res.status).toBe(201);
  const { run } = await res.json();
  await waitForRun(run.id, (r) => r.state === "completed");
  return run.id;
}

beforeAll(async () => {
  ground = await startErpRoutes(state, "erp-history", TOKEN);
});

afterAll(async () => {
  await ground.close(stopTransferJobs);
});

describe("GET /api/erp/orders/:orderId and POST /api/erp/orders/transferred", () => {
  it("show which runs carried an order and what happened, and flag ids already in the ERP", async () => {
    state.member = OPERATOR;
    const first = await transfer(["3572100", "9999999"], "key-history-0001");
    const second = await transfer(["3572100", "3572101"], "key-history-0002");

    state.member = VIEWER;
    const res = await callRoute("GET", "/api/erp/orders/3572100");
    expect(res.status).toBe(200);
    const history = await res.json();
    expect(history.orderId).toBe("3572100");
    expect(history.runs.map((r: { runId: string; meaning: string }) => [r.runId, r.meaning])).toEqual([
      [second, "already_in_erp"],
      [first, "transferred"],
    ]);
    expect(history.runs[0].startedBy).toEqual({ email: OPERATOR.email, name: OPERATOR.name });
    // Known to be in the ERP from the first run: recorded so, never sent again.
    expect(history.runs[0]).toMatchObject({ reason: null, reasonCode: "transferred_before" });

    const refused = await (await callRoute("GET", "/api/erp/orders/9999999")).json();
    expect(refused.runs.map((r: { meaning: string; reason: string }) => r.meaning)).toEqual(["rejected"]);

    const lookup = await callRoute("POST", "/api/erp/orders/transferred", { orderIds: ["9999999", "3572101", "3572100", "3572102"] });
    expect(lookup.status).toBe(200);
    expect((await lookup.json()).items.map((i: { orderId: string; runId: string }) => [i.orderId, i.runId])).toEqual([
      ["3572101", second],
      ["3572100", second],
    ]);
  });

  it("shows a resolution from the failures inbox on the run row it resolved: who, when, the note", async () => {
    state.member = OPERATOR;
    const first = await transfer(["8888881"], "key-history-0101");
    const [group] = (await (await callRoute("GET", `/api/erp/failures?run=${first}`)).json()).groups;
    expect(group).toMatchObject({ meaning: "rejected", count: 1 });
    const resolved = await callRoute("POST", `/api/erp/failures/resolve?run=${first}`, {
      meaning: group.meaning,
      reasonCode: group.reasonCode,
      reason: group.reason,
      note: "Cancelled by the store; not for the ERP",
    });
    expect(await resolved.json()).toEqual({ resolved: 1 });
    const second = await transfer(["8888881"], "key-history-0102");

    state.member = VIEWER;
    const history = await (await callRoute("GET", "/api/erp/orders/8888881")).json();
    expect(history.runs.map((r: { runId: string }) => r.runId)).toEqual([second, first]);
    expect(history.runs[0].resolution).toBeNull();
    const { resolution } = history.runs[1];
    expect(resolution).toMatchObject({ by: { email: OPERATOR.email, name: OPERATOR.name }, note: "Cancelled by the store; not for the ERP" });
    expect(Math.abs(Date.parse(resolution.at) - Date.now())).toBeLessThan(60_000);
  });

  it("refuses an id that is not digits, and a lookup that is not a list of ids, as 422 with field messages", async () => {
    state.member = VIEWER;
    const bad = await callRoute("GET", "/api/erp/orders/35x");
    expect(bad.status).toBe(422);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(JSON.stringify((await bad.json()).errors)).toContain("orderId");

    const long = await callRoute("GET", `/api/erp/orders/${"1".repeat(21)}`);
    expect(long.status).toBe(422);

    const lookup = await callRoute("POST", "/api/erp/orders/transferred", { orderIds: ["3572100", "abc"] });
    expect(lookup.status).toBe(422);
    expect(JSON.stringify((await lookup.json()).errors)).toContain("orderIds");
    expect((await callRoute("GET", "/api/erp/orders/0003572100")).status).toBe(200);
  });
});
