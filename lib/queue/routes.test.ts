import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { openTestStore } from "@/test/store";
import type { UpstreamClient } from "@/lib/upstream/client";

// /api/erp/queue through the real wrapper, store, job engine and the emulator over HTTP: operators
// queue, remove and send; viewers only read; "Send now" is one capped run of the oldest ids.

const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul" }),
});

const { stopTransferJobs } = await import("@/lib/erp/service");

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };
let emulator: LiveEmulator;

beforeAll(async () => {
  emulator = await startLiveEmulator("queue-routes-token-8c31", "queue-routes");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
});
afterAll(async () => {
  await stopTransferJobs();
  await state.store.close();
  await emulator.close();
});
beforeEach(async () => {
  state.member = OPERATOR;
  for (const table of ["order_queue", "erp_transfer_orders", "erp_transfer_runs", "schedules", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

const queue = async (orderIds: unknown) => callRoute("POST", "/api/erp/queue", { orderIds });
const overview = async (query = "") => (await callRoute("GET", `/api/erp/queue${query}`)).json();
const send = (key?: string) => callRoute("POST", "/api/erp/queue/send", undefined, key ? { "idempotency-key": key } : {});

async function waitDone(runId: string) {
  for (const until = Date.now() + 15_000; Date.now() < until; ) {
    const body = await (await callRoute("GET", `/api/erp/transfers/${runId}`)).json();
    if (body.run.state === "completed" || body.run.state === "interrupted") return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the run did not finish");
}

describe("/api/erp/queue", () => {
  it("an operator queues ids; the answer names each left-out id; the overview counts them oldest first", async () => {
    const res = await queue(["3572101", "3572102", "35721o3", "3572101"]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ queued: ["3572101", "3572102"], alreadyQueued: [], alreadyTransferred: [], unknown: [], invalid: [{ id: "35721o3", reason: "not_a_number" }], warnings: [], duplicates: ["3572101"] });
    expect(await (await queue(["3572102", "3572103"])).json()).toMatchObject({ queued: ["3572103"], alreadyQueued: ["3572102"] });
    const all = await overview();
    expect(all).toMatchObject({ count: 3, nextSend: null, maxOrdersPerRun: 5, page: 1, limit: 25 });
    expect(all.items.map((i: { orderId: string }) => i.orderId)).toEqual(["3572101", "3572102", "3572103"]);
    expect(all.items[0]).toMatchObject({ queuedBy: { email: OPERATOR.email, name: OPERATOR.name }, origin: "console" });
    expect(all.oldest).toBe(all.items[0].queuedAt);
    expect((await overview("?page=2&limit=25")).items).toEqual([]);
    const audit = await state.conn.selectFrom("audit_events").select(["action", "actor_email", "message"]).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "erp.queue.add", actor_email: OPERATOR.email, message: "2 orders queued for transfer (0 already queued, 0 already transferred, 1 malformed, 1 given more than once)." },
      { action: "erp.queue.add", actor_email: OPERATOR.email, message: "1 orders queued for transfer (1 already queued, 0 already transferred, 0 malformed)." },
    ]);
  });

  it("bad bodies and queries are messages on their fields, and nothing is queued", async () => {
    for (const [body, field] of [[undefined, "orderIds"], ["3572101", "orderIds"], [[], "orderIds"], [[3572101], "orderIds.0"]] as const) {
      const res = await queue(body);
      expect(res.status).toBe(422);
      expect(Object.keys((await res.json()).errors)).toEqual([field]);
    }
    const tooMany = await queue(Array.from({ length: 10_001 }, (_, i) => String(i + 1)));
    expect(tooMany.status).toBe(422);
    expect((await callRoute("GET", "/api/erp/queue?limit=7")).status).toBe(422);
    expect((await callRoute("DELETE", "/api/erp/queue", { orderIds: ["12x"] })).status).toBe(422);
    expect(await state.conn.selectFrom("order_queue").selectAll().execute()).toEqual([]);
  });

  it("removes the chosen ids and names those that were not queued", async () => {
    await queue(["3572101", "3572102", "3572103"]);
    const res = await callRoute("DELETE", "/api/erp/queue", { orderIds: ["3572102", "3572199"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: ["3572102"], notQueued: ["3572199"] });
    expect((await overview()).items.map((i: { orderId: string }) => i.orderId)).toEqual(["3572101", "3572103"]);
    const [audit] = await state.conn.selectFrom("audit_events").select(["action", "message"]).where("action", "=", "erp.queue.remove").execute();
    expect(audit).toEqual({ action: "erp.queue.remove", message: "1 orders removed from the transfer queue: 3572102." });
  });

  it("Send now makes one run of the oldest ids up to the run size, with origin queue; the same key gives the same run", async () => {
    await queue(["3572201", "3572202", "3572203", "3572204", "3572205", "3572206", "3572207"]);
    const res = await send("queue-send-0001");
    expect(res.status).toBe(201);
    const { run } = await res.json();
    expect(run).toMatchObject({ origin: "queue", counts: { total: 5 }, createdBy: { email: OPERATOR.email } });
    expect((await overview()).items.map((i: { orderId: string }) => i.orderId)).toEqual(["3572206", "3572207"]);
    const again = await send("queue-send-0001");
    expect(again.status).toBe(200);
    expect((await again.json()).run.id).toBe(run.id);
    expect((await overview()).count).toBe(2);
    const done = await waitDone(run.id);
    expect(done.orders.items.map((o: { orderId: string }) => o.orderId)).toEqual(["3572201", "3572202", "3572203", "3572204", "3572205"]);
    const [created] = await state.conn.selectFrom("audit_events").select(["action", "details_json"]).where("target_id", "=", run.id).orderBy("id").execute();
    expect(created?.action).toBe("erp.transfer");
    expect(JSON.parse(created!.details_json!)).toMatchObject({ event: "created", origin: "queue", orders: 5 });
    // Sent ids count as transferred from then on: queuing them again leaves them out.
    expect(await (await queue(["3572201"])).json()).toMatchObject({ queued: [], alreadyTransferred: [expect.objectContaining({ orderId: "3572201", runId: run.id })] });
  });

  it("Send now with nothing queued is a 409 that says so, and makes no run; without a key it is a 422", async () => {
    const res = await send("queue-send-0002");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "conflict", reason: "queue_empty", detail: "No orders are waiting in the queue; nothing was sent.", detailCode: { code: "validation.queue.empty" } });
    expect(await state.conn.selectFrom("erp_transfer_runs").selectAll().execute()).toEqual([]);
    await queue(["3572301"]);
    expect((await send()).status).toBe(422);
    expect((await overview()).count).toBe(1);
  });

  it("a viewer reads the queue but may not queue, remove or send", async () => {
    await queue(["3572401"]);
    state.member = VIEWER;
    expect((await overview()).count).toBe(1);
    expect((await queue(["3572402"])).status).toBe(403);
    expect((await callRoute("DELETE", "/api/erp/queue", { orderIds: ["3572401"] })).status).toBe(403);
    expect((await send("queue-send-0003")).status).toBe(403);
    expect((await overview()).items.map((i: { orderId: string }) => i.orderId)).toEqual(["3572401"]);
    expect(await state.conn.selectFrom("erp_transfer_runs").selectAll().execute()).toEqual([]);
  });

  it("the overview names the next automatic send of an active transfer schedule; a transfer schedule needs its cap", async () => {
    const form = { kind: "transfer", rule: { type: "every", minutes: 15 }, timeZone: "Europe/Istanbul" };
    const refused = await callRoute("POST", "/api/erp/schedules", { ...form, maxOrders: 0 });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ maxOrders: ["Give the most orders per run as a whole number from 1 to 100000."] });
    const made = await callRoute("POST", "/api/erp/schedules", { ...form, name: "Orders every 15", maxOrders: 250 });
    expect(made.status).toBe(201);
    const { schedule } = await made.json();
    expect(schedule).toMatchObject({ kind: "transfer", maxOrders: 250 });
    expect((await overview()).nextSend).toEqual({ at: schedule.nextStartAt, scheduleId: schedule.id, name: "Orders every 15", maxOrders: 250 });
    await callRoute("POST", `/api/erp/schedules/${schedule.id}/pause`);
    expect((await overview()).nextSend).toBeNull();
  });
});
