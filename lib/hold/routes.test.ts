import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { openTestStore } from "@/test/store";
import type { UpstreamClient } from "@/lib/upstream/client";

// The transfer hold through the real wrapper, store and the emulator over HTTP: operators put it on,
// change and lift it (each audited once, in words); bad input changes nothing; while held the
// queue's send and a manual transfer are refused (409 transfers_held) unless the latter overrides.

const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul" }),
});

const { stopTransferJobs } = await import("@/lib/erp/service");
const hold = await import("@/lib/hold/service");

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };
let emulator: LiveEmulator;

beforeAll(async () => {
  emulator = await startLiveEmulator("hold-routes-token-5e07", "hold-routes");
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
  for (const table of ["transfer_hold", "order_queue", "erp_transfer_orders", "erp_transfer_runs", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

const put = (body: unknown) => callRoute("PUT", "/api/erp/hold", body);
const read = async () => (await callRoute("GET", "/api/erp/hold")).json();
const audits = async () => (await state.conn.selectFrom("audit_events").select(["action", "message", "actor_email", "target_type", "details_json"]).orderBy("id").execute()).filter((a) => a.action.startsWith("erp.hold"));
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const NOT_HELD = { held: false, reason: null, since: null, until: null, by: null, breaker: "closed", person: null, breakerDetail: null };

describe("/api/erp/hold", () => {
  it("an operator puts transfers on hold, changes the window, lifts it: each once in the trail, in words", async () => {
    expect(await read()).toEqual(NOT_HELD);
    const on = await put({ held: true, reason: "  ERP down since 09:10 " });
    expect(on.status).toBe(200);
    const held = await on.json();
    expect(held).toMatchObject({ held: true, reason: "ERP down since 09:10", until: null, by: "person", breaker: "closed", person: { email: "operator@demo.local", name: "Onur Operator" } });
    const until = inHours(26);
    expect(await (await put({ held: true, reason: "Month-end close", until })).json()).toMatchObject({ held: true, reason: "Month-end close", since: held.since, until: new Date(until).toISOString() });
    expect((await put({ held: true, reason: "Month-end close", until })).status).toBe(200);
    expect(await (await put({ held: false, reason: "Books closed" })).json()).toEqual(NOT_HELD);
    expect((await put({ held: false })).status).toBe(200);
    const trail = await audits();
    expect(trail.map((a) => [a.action, a.target_type, a.actor_email])).toEqual([
      ["erp.hold.set", "transfer_hold", "operator@demo.local"],
      ["erp.hold.change", "transfer_hold", "operator@demo.local"],
      ["erp.hold.lift", "transfer_hold", "operator@demo.local"],
    ]);
    expect(trail[0]!.message).toBe("Transfers put on hold until lifted: ERP down since 09:10.");
    expect(trail[1]!.message).toBe(`Transfer hold changed to until ${new Date(until).toISOString()}: Month-end close.`);
    expect(trail[2]!.message).toMatch(/lifted: Books closed\.$/);
    expect(JSON.parse(trail[0]!.details_json!)).toMatchObject({ holdReason: "ERP down since 09:10" });
  });

  it("refuses a hold without a reason, ending in the past or beyond the maximum, naming the field; nothing changes", async () => {
    const refused = async (body: unknown, field: string, words: RegExp) => {
      const res = await put(body);
      expect(res.status).toBe(422);
      const problem = await res.json();
      expect(Object.keys(problem.errors)).toEqual([field]);
      expect(problem.errors[field][0]).toMatch(words);
    };
    await refused({ held: true }, "reason", /why/);
    await refused({ held: true, reason: "   " }, "reason", /why/);
    await refused({ held: true, reason: "Close", until: inHours(-1) }, "until", /future/);
    await refused({ held: true, reason: "Close", until: inHours(24 * 32) }, "until", /at most 31 days \(HOLD_MAX_DAYS\)/);
    await refused({ held: true, reason: "Close", until: "next Monday" }, "until", /ISO 8601/);
    await refused({ held: false, until: inHours(2) }, "until", /only when putting/);
    expect(await read()).toEqual(NOT_HELD);
    expect(await audits()).toEqual([]);
  });

  it("a viewer reads the hold but may not set it", async () => {
    await put({ held: true, reason: "ERP maintenance" });
    state.member = VIEWER;
    expect(await read()).toMatchObject({ held: true, reason: "ERP maintenance" });
    expect((await put({ held: false })).status).toBe(403);
    expect(await read()).toMatchObject({ held: true });
  });

  it("while held, the queue's send and a manual list are refused with transfers_held; overrideHold sends, a retry is not held; after the lift the queue goes", async () => {
    expect((await callRoute("POST", "/api/erp/queue", { orderIds: ["3574001", "3574002"] })).status).toBe(200);
    await put({ held: true, reason: "ERP down" });
    const send = await callRoute("POST", "/api/erp/queue/send", undefined, { "idempotency-key": "hold-send-1" });
    expect(send.status).toBe(409);
    expect(await send.json()).toMatchObject({ code: "conflict", reason: "transfers_held", hold: { held: true, reason: "ERP down" } });
    const manual = await callRoute("POST", "/api/erp/transfers", { orderIds: ["3574009"] }, { "idempotency-key": "hold-manual-1" });
    expect(manual.status).toBe(409);
    expect((await manual.json()).detail).toMatch(/on hold \(ERP down\)/);
    expect(await state.conn.selectFrom("erp_transfer_runs").selectAll().execute()).toEqual([]);
    expect((await state.conn.selectFrom("order_queue").select("order_id").execute()).length).toBe(2);

    const anyway = await callRoute("POST", "/api/erp/transfers", { orderIds: ["3574009"], overrideHold: true }, { "idempotency-key": "hold-manual-1" });
    expect(anyway.status).toBe(201);
    const retry = await callRoute("POST", "/api/erp/transfers", { retry: "failed", parentRunId: (await anyway.json()).run.id }, { "idempotency-key": "hold-retry-1" });
    expect((await retry.json()).reason).not.toBe("transfers_held");
    await put({ held: false });
    const after = await callRoute("POST", "/api/erp/queue/send", undefined, { "idempotency-key": "hold-send-2" });
    expect(after.status).toBe(201);
    expect((await after.json()).run.counts.total).toBe(2);
  });
});

describe("the hold's state", () => {
  const ctx = { actor: { id: 2, email: "operator@demo.local", name: "Onur Operator" }, audit: async () => {} };

  it("with an end lifts itself once that passes, and says when it ended", async () => {
    const set = new Date("2026-03-31T15:00:00Z");
    const until = new Date("2026-04-01T06:00:00Z");
    await hold.setTransferHold(ctx, { held: true, reason: "Month-end close", until: until.toISOString() }, set);
    expect(await hold.transferHold(new Date(until.getTime() - 1))).toMatchObject({ held: true, since: set.toISOString(), until: until.toISOString(), by: "person" });
    expect(await hold.holdWindow(new Date(until.getTime() - 1))).toEqual({ held: true, liftedAt: null, person: true });
    expect(await hold.transferHold(until)).toEqual(NOT_HELD);
    expect(await hold.holdWindow(until)).toEqual({ held: false, liftedAt: until, person: false });
  });

  it("lifted by a person, says when", async () => {
    await hold.setTransferHold(ctx, { held: true, reason: "ERP down" }, new Date("2026-03-02T09:10:00Z"));
    await hold.setTransferHold(ctx, { held: false }, new Date("2026-03-02T11:40:00Z"));
    expect(await hold.holdWindow(new Date("2026-03-02T11:41:00Z"))).toEqual({ held: false, liftedAt: new Date("2026-03-02T11:40:00Z"), person: false });
  });
});
