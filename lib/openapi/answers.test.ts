import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can } from "@/lib/auth/roles";
import { answerChecker } from "@/test/contract/conformance";
import { OPERATIONS, openApiDocument } from "@/lib/openapi/document";
import { sealClientIp } from "@/lib/server/client-address";
import { insertTestKey } from "@/test/api-keys";
import { callRoute, startInProcessConsole, type InProcessConsole } from "@/test/in-process-console";

// Real /api/v1 answers (in-process handlers, a real store, the real emulator over HTTP) against the description's schemas and headers.

stubDoors({ member: null });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let app: InProcessConsole;
let doc: Json;
let mismatches: ReturnType<typeof answerChecker>;
const keys = { viewer: "", operator: "" };
const exercised = new Set<string>();

beforeAll(async () => {
  app = await startInProcessConsole("openapi-answers");
  doc = openApiDocument();
  mismatches = answerChecker(doc);
  keys.viewer = (await insertTestKey(app.store.db, { role: "viewer" })).secret;
  keys.operator = (await insertTestKey(app.store.db, { role: "operator" })).secret;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** Calls the route and checks the answer against the description: status, media type, headers, body. */
async function conforms(method: string, template: string, url: string, opts: { key?: keyof typeof keys | null; body?: unknown; headers?: Record<string, string> } = {}) {
  const key = opts.key === undefined ? "operator" : opts.key;
  const headers = { "x-labs-client-ip": sealClientIp("198.51.100.20"), ...(key ? { authorization: `Bearer ${keys[key]}` } : {}), ...opts.headers };
  const res = await callRoute(method, url, opts.body, headers);
  const body = await res.json();
  expect(mismatches({ method, path: template, status: res.status, headers: res.headers, body }), `${method} ${url}`).toEqual([]);
  if (res.status < 300) exercised.add(`${method} ${template}`);
  return { status: res.status, body, res };
}

describe("real /api/v1 answers match the description", () => {
  it("warehouses: list, create, get, change, and the refusals", async () => {
    expect((await conforms("GET", "/warehouses", "/api/v1/warehouses?status=active&sort=name.desc&limit=10", { key: "viewer" })).status).toBe(200);
    const created = await conforms("POST", "/warehouses", "/api/v1/warehouses", { body: { name: "Schema Depot", code: "SCHEMA-1", erpWarehouseId: "ERP-77" } });
    expect(created.status).toBe(201);
    const id = created.body.warehouse.id;
    expect((await conforms("GET", "/warehouses/{id}", `/api/v1/warehouses/${id}`, { key: "viewer" })).status).toBe(200);
    expect((await conforms("PATCH", "/warehouses/{id}", `/api/v1/warehouses/${id}`, { body: { name: "Schema Depot 2" } })).status).toBe(200);
    expect((await conforms("GET", "/warehouses/{id}", "/api/v1/warehouses/999999")).status).toBe(404);
    expect((await conforms("DELETE", "/warehouses/{id}", `/api/v1/warehouses/${id}`)).status).toBe(403);
    const stale = { name: "Old", code: "SCHEMA-1", erpWarehouseId: "ERP-77", isDefault: false, isActive: true };
    expect((await conforms("PATCH", "/warehouses/{id}", `/api/v1/warehouses/${id}`, { body: { name: "Schema Depot 3", expected: stale } })).status).toBe(409);
    expect((await conforms("POST", "/warehouses", "/api/v1/warehouses", { body: { name: "" } })).status).toBe(422);
    expect((await conforms("POST", "/warehouses", "/api/v1/warehouses", { key: "viewer", body: { name: "x", code: "y" } })).status).toBe(403);
    expect((await conforms("GET", "/warehouses", "/api/v1/warehouses", { key: null })).status).toBe(401);
  });

  it("transfers: start (and repeat), read, list, stop, an order's history and the failures inbox", async () => {
    const headers = { "Idempotency-Key": "openapi-answers-0001" };
    const started = await conforms("POST", "/transfers", "/api/v1/transfers", { body: { orderIds: ["3572228", "3572229"] }, headers });
    expect(started.status).toBe(201);
    expect((await conforms("POST", "/transfers", "/api/v1/transfers", { body: { orderIds: ["3572228", "3572229"] }, headers })).status).toBe(200);
    const runId = started.body.run.id;
    expect((await conforms("GET", "/transfers/{runId}", `/api/v1/transfers/${runId}?limit=10`, { key: "viewer" })).status).toBe(200);
    expect((await conforms("GET", "/transfers", "/api/v1/transfers?origin=by_hand", { key: "viewer" })).status).toBe(200);
    expect([200, 202, 409]).toContain((await conforms("POST", "/transfers/{runId}/stop", `/api/v1/transfers/${runId}/stop`)).status);
    expect((await conforms("GET", "/orders/{orderId}", "/api/v1/orders/3572228", { key: "viewer" })).status).toBe(200);
    expect((await conforms("GET", "/failures", "/api/v1/failures", { key: "viewer" })).status).toBe(200);
    expect((await conforms("GET", "/transfers/{runId}", "/api/v1/transfers/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await conforms("POST", "/transfers", "/api/v1/transfers", { body: { orderIds: ["1"] } })).status).toBe(422);
    expect((await conforms("POST", "/transfers", "/api/v1/transfers", { body: "not json", headers: { ...headers, "content-type": "text/plain" } })).status).toBe(415);
    expect((await conforms("GET", "/transfers", "/api/v1/transfers?status=nope")).status).toBe(422);
  });

  it("a run stopped while it has batches to send: 202; the repeat 200 while it settles, 409 once it has", async () => {
    const orderIds = Array.from({ length: 400 }, (_, i) => String(4_100_000 + i));
    const started = await conforms("POST", "/transfers", "/api/v1/transfers", { body: { orderIds }, headers: { "Idempotency-Key": "openapi-answers-0002" } });
    const url = `/api/v1/transfers/${started.body.run.id}/stop`;
    expect((await conforms("POST", "/transfers/{runId}/stop", url)).status).toBe(202);
    expect([200, 409]).toContain((await conforms("POST", "/transfers/{runId}/stop", url)).status);
  });

  it("imports: start and list", async () => {
    expect((await conforms("POST", "/imports", "/api/v1/imports", { body: { kind: "prices" } })).status).toBe(201);
    expect((await conforms("GET", "/imports", "/api/v1/imports?kind=prices", { key: "viewer" })).status).toBe(200);
  });

  it("the order queue: add, read, remove, send, and the empty queue's refusal", async () => {
    const added = await conforms("POST", "/order-queue", "/api/v1/order-queue", { body: { orderIds: ["5100001", "5100002", "5100003", "51x", "05100004"] } });
    expect(added.status).toBe(200);
    expect(added.body.invalid).toHaveLength(1);
    expect((await conforms("GET", "/order-queue", "/api/v1/order-queue?limit=25", { key: "viewer" })).status).toBe(200);
    expect((await conforms("DELETE", "/order-queue", "/api/v1/order-queue", { body: { orderIds: ["5100003", "5100009"] } })).body).toEqual({ removed: ["5100003"], notQueued: ["5100009"] });
    expect((await conforms("POST", "/order-queue/send", "/api/v1/order-queue/send", { headers: { "Idempotency-Key": "openapi-answers-queue-1" } })).status).toBe(201);
    expect((await conforms("POST", "/order-queue/send", "/api/v1/order-queue/send", { headers: { "Idempotency-Key": "openapi-answers-queue-2" } })).status).toBe(409);
    expect((await conforms("POST", "/order-queue", "/api/v1/order-queue", { key: "viewer", body: { orderIds: ["5100005"] } })).status).toBe(403);
    const orderDate = new Date(Date.now() - 5.5 * 86_400_000).toISOString();
    expect((await conforms("POST", "/order-queue", "/api/v1/order-queue", { body: { orders: [{ id: "5100011", source: "web", orderDate, packageId: "PKG-5100011" }] } })).body.queued).toEqual(["5100011"]);
    expect((await conforms("GET", "/order-age", "/api/v1/order-age", { key: "viewer" })).body.channels).toContainEqual(expect.objectContaining({ source: "web", level: "warn", oldest: expect.objectContaining({ orderId: "5100011", since: orderDate }) }));
  });

  it("the transfer hold: put on, read, lift", async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await conforms("PUT", "/transfer-hold", "/api/v1/transfer-hold", { body: { held: true, reason: "Month-end close", until } })).body).toMatchObject({ held: true, reason: "Month-end close", by: "person", breaker: "closed" });
    expect((await conforms("GET", "/transfer-hold", "/api/v1/transfer-hold", { key: "viewer" })).body).toMatchObject({ held: true, until: new Date(until).toISOString() });
    expect((await conforms("PUT", "/transfer-hold", "/api/v1/transfer-hold", { body: { held: false } })).body).toMatchObject({ held: false, reason: null, by: null });
  });

  it("the failures inbox's actions: count, retry a group (and repeat), resolve a group", async () => {
    const failedRun = async (orderIds: string[], key: string) => {
      // Every transfer call fails until this run settles, so a batch of an earlier test's run cannot take the fault instead.
      await app.emulator.control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503 });
      const started = await conforms("POST", "/transfers", "/api/v1/transfers", { body: { orderIds }, headers: { "Idempotency-Key": key } });
      const poller = (await insertTestKey(app.store.db, { role: "viewer", ratePerMinute: 10_000 })).secret;
      for (let i = 0; i < 200; i++) {
        const res = await callRoute("GET", `/api/v1/transfers/${started.body.run.id}`, undefined, { "x-labs-client-ip": sealClientIp("198.51.100.20"), authorization: `Bearer ${poller}` });
        if (["completed", "interrupted"].includes((await res.json()).run.state)) {
          await app.emulator.control("DELETE", "/faults");
          return started.body.run.id as string;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("the run did not finish");
    };
    const retried = await failedRun(["5200001", "5200002"], "openapi-answers-failed-1");
    const [group] = (await conforms("GET", "/failures", `/api/v1/failures?run=${retried}`, { key: "viewer" })).body.groups;
    expect(group).toMatchObject({ meaning: "unknown" });
    expect((await conforms("GET", "/failures/count", "/api/v1/failures/count", { key: "viewer" })).body.open).toBeGreaterThanOrEqual(2);
    const groupKey = { meaning: group.meaning, reasonCode: group.reasonCode, reason: group.reason };
    const retryUrl = `/api/v1/failures/retry?run=${retried}`;
    expect((await conforms("POST", "/failures/retry", retryUrl, { body: groupKey, headers: { "Idempotency-Key": "openapi-answers-retry-1" } })).status).toBe(422);
    const retry = await conforms("POST", "/failures/retry", retryUrl, { body: { ...groupKey, confirmUnknown: true }, headers: { "Idempotency-Key": "openapi-answers-retry-1" } });
    expect(retry.status).toBe(201);
    expect(retry.res.headers.get("location")).toBe(`/api/v1/transfers/${retry.body.run.id}`);
    expect((await conforms("POST", "/failures/retry", retryUrl, { body: { ...groupKey, confirmUnknown: true }, headers: { "Idempotency-Key": "openapi-answers-retry-1" } })).status).toBe(200);
    const resolved = await failedRun(["5200003", "5200004"], "openapi-answers-failed-2");
    const resolveUrl = `/api/v1/failures/resolve?run=${resolved}`;
    expect((await conforms("POST", "/failures/resolve", resolveUrl, { key: "viewer", body: { ...groupKey, note: "Checked in the ERP" } })).status).toBe(403);
    expect((await conforms("POST", "/failures/resolve", resolveUrl, { body: { ...groupKey, note: "Checked in the ERP" } })).body).toEqual({ resolved: 2 });
    expect((await conforms("GET", "/failures", resolveUrl.replace("/resolve", ""), { key: "viewer" })).body.groups).toEqual([]);
  }, 30_000);

  it("schedules: create, list, replace, pause, resume, delete, and the refusals", async () => {
    const body = { kind: "transfer", name: "Shop sync", rule: { type: "every", minutes: 15 }, timeZone: "Europe/Istanbul", maxOrders: 250 };
    const created = await conforms("POST", "/schedules", "/api/v1/schedules", { body });
    expect(created.status).toBe(201);
    expect(created.body.schedule).toMatchObject({ kind: "transfer", name: "Shop sync", rule: { type: "every", minutes: 15 }, maxOrders: 250, paused: false, createdBy: expect.stringContaining("operator key") });
    const url = `/api/v1/schedules/${created.body.schedule.id}`;
    expect((await conforms("GET", "/schedules", "/api/v1/schedules?limit=25", { key: "viewer" })).body.items.map((s: Json) => s.id)).toContain(created.body.schedule.id);
    expect((await conforms("PUT", "/schedules/{id}", url, { body: { ...body, rule: { type: "daily", times: ["17:30", "09:00"] } } })).body.schedule.rule).toEqual({ type: "daily", times: ["09:00", "17:30"] });
    expect((await conforms("PATCH", "/schedules/{id}", url, { body: { name: "Shop sync 2" } })).body.schedule).toMatchObject({ name: "Shop sync 2", rule: { type: "daily", times: ["09:00", "17:30"] }, maxOrders: 250 });
    expect((await conforms("POST", "/schedules/{id}/pause", `${url}/pause`)).body.schedule.paused).toBe(true);
    expect((await conforms("POST", "/schedules/{id}/resume", `${url}/resume`)).body.schedule).toMatchObject({ paused: false, nextStartAt: expect.any(String) });
    expect((await conforms("POST", "/schedules/{id}/run", `${url}/run`)).body.schedule).toMatchObject({ id: created.body.schedule.id, windowHours: null });
    expect((await conforms("POST", "/schedules", "/api/v1/schedules", { body: { ...body, maxOrders: 0 } })).status).toBe(422);
    expect((await conforms("POST", "/schedules/{id}/pause", `${url}/pause`, { key: "viewer" })).status).toBe(403);
    expect((await conforms("DELETE", "/schedules/{id}", url)).body).toEqual({ deleted: created.body.schedule.id });
    expect((await conforms("DELETE", "/schedules/{id}", url)).status).toBe(404);
    expect((await conforms("PUT", "/schedules/{id}", url, { body })).status).toBe(404);
  });

  it("reconciliations: start, read, a bucket's page, queue the never-seen, and the refusals", async () => {
    const started = await conforms("POST", "/reconciliations", "/api/v1/reconciliations", { body: { orders: [{ id: "5300001" }, { id: "5300002", orderDate: "2026-01-02T10:00:00Z", source: "web" }] } });
    expect(started.status).toBe(201);
    const url = `/api/v1/reconciliations/${started.body.id}`;
    let status = "running";
    for (let i = 0; i < 200 && status === "running"; i++) status = (await conforms("GET", "/reconciliations/{id}", url, { key: "viewer" })).body.status;
    expect(status).toBe("done");
    expect((await conforms("GET", "/reconciliations/{id}/orders", `${url}/orders?bucket=neverSeen&limit=25`, { key: "viewer" })).body.total).toBe(2);
    expect((await conforms("POST", "/reconciliations/{id}/queue-never-seen", `${url}/queue-never-seen`)).body.queued).toBe(2);
    expect((await conforms("GET", "/reconciliations", "/api/v1/reconciliations?limit=10", { key: "viewer" })).body.items[0].id).toBe(started.body.id);
    expect((await conforms("POST", "/reconciliations", "/api/v1/reconciliations", { body: { from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" } })).status).toBe(422);
    expect((await conforms("GET", "/reconciliations/{id}", "/api/v1/reconciliations/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("recoveries: a preview, a confirm whose count changed, the list, and the refusals", async () => {
    const window = { from: "2026-01-01T09:10:00+03:00", to: "2026-01-01T11:40:00+03:00", name: "ERP outage 1 Jan" };
    expect((await conforms("POST", "/recoveries", "/api/v1/recoveries", { body: window })).body).toEqual({ count: 0, orderIds: [], from: "2026-01-01T06:10:00.000Z", to: "2026-01-01T08:40:00.000Z" });
    const stale = await conforms("POST", "/recoveries", "/api/v1/recoveries", { body: { ...window, confirm: true, expectedCount: 3 } });
    expect([stale.status, stale.body.count]).toEqual([409, 0]);
    expect((await conforms("GET", "/recoveries", "/api/v1/recoveries?limit=10", { key: "viewer" })).body).toMatchObject({ total: 0, items: [] });
    expect((await conforms("POST", "/recoveries", "/api/v1/recoveries", { body: { ...window, to: "2026-01-01T09:00:00+03:00" } })).status).toBe(422);
    expect((await conforms("POST", "/recoveries", "/api/v1/recoveries", { key: "viewer", body: window })).status).toBe(403);
  });

  it("the description itself, without a key", async () => {
    const { status, body } = await conforms("GET", "/openapi.json", "/api/v1/openapi.json", { key: null });
    expect(status).toBe(200);
    expect(body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("429 past the key's limit, with Retry-After", async () => {
    const chatty = await insertTestKey(app.store.db, { role: "viewer", ratePerMinute: 1 });
    const call = () => callRoute("GET", "/api/v1/imports", undefined, { "x-labs-client-ip": sealClientIp("198.51.100.20"), authorization: `Bearer ${chatty.secret}` });
    await call();
    const res = await call();
    expect(res.status).toBe(429);
    expect(mismatches({ method: "GET", path: "/imports", status: 429, headers: res.headers, body: await res.json() })).toEqual([]);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("exercised a success answer of every described operation a key may call", () => {
    const keyable = OPERATIONS.filter((op) => !op.serves || can("operator", op.serves.permission));
    expect(OPERATIONS.filter((op) => !keyable.includes(op)).map((op) => op.operationId)).toEqual(["deleteWarehouse"]);
    expect(keyable.map((op) => `${op.method} ${op.path}`).filter((k) => !exercised.has(k))).toEqual([]);
  });
});
