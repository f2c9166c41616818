import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";

// /api/erp/schedules through the real wrapper and store: viewers read, operators write, bad input
// is a message on its field with nothing saved, and every change is in the audit trail.

const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul" }),
});

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };

const STOCK_DAYTIME = { kind: "stock", name: "Stock daytime", rule: { type: "every", minutes: 15 }, timeZone: "Europe/Istanbul", activeFrom: "07:00", activeTo: "23:00" };

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
});
afterAll(async () => state.store.close());
beforeEach(async () => {
  await state.conn.deleteFrom("schedules").execute();
  await state.conn.deleteFrom("audit_events").execute();
  state.member = OPERATOR;
});

describe("/api/erp/schedules", () => {
  it("an operator saves “stock every 15 minutes from 07:00 to 23:00” and it has a next start outside the quiet hours", async () => {
    const res = await callRoute("POST", "/api/erp/schedules", STOCK_DAYTIME);
    expect(res.status).toBe(201);
    const { schedule } = await res.json();
    expect(schedule).toMatchObject({ kind: "stock", name: "Stock daytime", rule: { type: "every", minutes: 15 }, timeZone: "Europe/Istanbul", activeFrom: "07:00", activeTo: "23:00", maxOrders: null, paused: false });
    const localHour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Istanbul", hour: "2-digit", hourCycle: "h23" }).format(new Date(schedule.nextStartAt)));
    expect(localHour >= 7 && localHour < 23).toBe(true);
    const audit = await state.conn.selectFrom("audit_events").selectAll().execute();
    expect(audit).toEqual([expect.objectContaining({ action: "schedule.create", actor_email: OPERATOR.email, target_type: "schedule", target_id: schedule.id })]);
  });

  it("an invalid cron expression and an unknown zone are messages on their fields, and nothing is saved", async () => {
    const res = await callRoute("POST", "/api/erp/schedules", { ...STOCK_DAYTIME, rule: { type: "cron", expression: "*/15 7-22 * *" }, timeZone: "Europe/Istanbull" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual({
      "rule.expression": ["This is not a valid cron expression (five fields: minute hour day-of-month month day-of-week)."],
      timeZone: ["Unknown time zone. Use an IANA name such as Europe/Istanbul."],
    });
    expect(await state.conn.selectFrom("schedules").selectAll().execute()).toEqual([]);
    expect(await state.conn.selectFrom("audit_events").selectAll().execute()).toEqual([]);
  });

  it("a change that fails validation leaves the saved schedule as it was", async () => {
    const { schedule } = await (await callRoute("POST", "/api/erp/schedules", STOCK_DAYTIME)).json();
    const res = await callRoute("PUT", `/api/erp/schedules/${schedule.id}`, { ...STOCK_DAYTIME, rule: { type: "cron", expression: "not a cron" } });
    expect(res.status).toBe(422);
    const [row] = await state.conn.selectFrom("schedules").selectAll().execute();
    expect(JSON.parse(row!.rule_json)).toEqual({ type: "every", minutes: 15 });
  });

  it("a viewer reads the list but may not create, change, pause or delete", async () => {
    const { schedule } = await (await callRoute("POST", "/api/erp/schedules", STOCK_DAYTIME)).json();
    state.member = VIEWER;
    const read = await callRoute("GET", "/api/erp/schedules");
    expect(read.status).toBe(200);
    expect((await read.json()).items.map((s: { id: string }) => s.id)).toEqual([schedule.id]);
    expect((await callRoute("POST", "/api/erp/schedules", STOCK_DAYTIME)).status).toBe(403);
    expect((await callRoute("PUT", `/api/erp/schedules/${schedule.id}`, STOCK_DAYTIME)).status).toBe(403);
    expect((await callRoute("POST", `/api/erp/schedules/${schedule.id}/pause`)).status).toBe(403);
    expect((await callRoute("DELETE", `/api/erp/schedules/${schedule.id}`)).status).toBe(403);
    expect(await state.conn.selectFrom("schedules").select("paused").execute()).toEqual([{ paused: false }]);
  });

  it("lists a page at a time (lib/list): the total counts every schedule; a bad or unknown parameter is a 422", async () => {
    const ids: string[] = [];
    for (const kind of ["stock", "products", "prices"]) ids.push((await (await callRoute("POST", "/api/erp/schedules", { ...STOCK_DAYTIME, kind })).json()).schedule.id);
    const read = async (query: string) => (await callRoute("GET", `/api/erp/schedules${query}`)).json();
    const all = await read("");
    expect(all.items.map((s: { kind: string }) => s.kind)).toEqual(["prices", "products", "stock"]);
    expect(all).toMatchObject({ total: 3, defaultTimeZone: "Europe/Istanbul", windowMinutes: 15 });
    expect(await read("?page=2&limit=25")).toMatchObject({ items: [], total: 3 });
    const bad = await callRoute("GET", "/api/erp/schedules?limit=3&kind=stock");
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["kind", "limit"]);
  });

  it("a schedule read and sent back unchanged is taken and stays as it was; one field changed changes only that field", async () => {
    const { schedule } = await (await callRoute("POST", "/api/erp/schedules", { kind: "stock", rule: { type: "every", minutes: 15 } })).json();
    expect(schedule).toMatchObject({ name: null, timeZone: "Europe/Istanbul", activeFrom: null, activeTo: null, maxOrders: null });
    const [read] = (await (await callRoute("GET", "/api/erp/schedules")).json()).items;
    const same = await callRoute("PUT", `/api/erp/schedules/${schedule.id}`, read);
    expect(same.status).toBe(200);
    expect((await same.json()).schedule).toEqual({ ...read, history: [] });
    const changed = await callRoute("PUT", `/api/erp/schedules/${schedule.id}`, { ...read, rule: { type: "every", minutes: 30 } });
    const after = (await changed.json()).schedule;
    expect({ ...after, nextStartAt: read.nextStartAt, updatedAt: read.updatedAt }).toEqual({ ...read, rule: { type: "every", minutes: 30 } });
    const patched = await callRoute("PATCH", `/api/erp/schedules/${schedule.id}`, { activeFrom: "08:00", activeTo: "18:00", paused: true });
    expect((await patched.json()).schedule).toMatchObject({ rule: { type: "every", minutes: 30 }, activeFrom: "08:00", activeTo: "18:00", paused: true, nextStartAt: null });
    const [row] = await state.conn.selectFrom("schedules").selectAll().execute();
    expect(row).toMatchObject({ quiet_from: "18:00", quiet_to: "08:00", paused: true });
  });

  it("numbers and booleans must be numbers and booleans; a wrong zone is named on its field", async () => {
    const res = await callRoute("POST", "/api/erp/schedules", { kind: "stock", rule: { type: "every", minutes: "15" }, timeZone: "Europe/Istanbull", paused: "no" });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["paused", "rule.minutes", "timeZone"]);
  });

  it("a transfer schedule's early sends: numbers as numbers, GET and PUT round-trip, null turns them off; imports answer null", async () => {
    const body = { kind: "transfer", rule: { type: "every", minutes: 60 }, sendWhenWaiting: 50, sendWhenOldestSeconds: 120 };
    const { schedule } = await (await callRoute("POST", "/api/erp/schedules", body)).json();
    expect(schedule).toMatchObject({ sendWhenWaiting: 50, sendWhenOldestSeconds: 120 });
    const [read] = (await (await callRoute("GET", "/api/erp/schedules")).json()).items;
    const same = await callRoute("PUT", `/api/erp/schedules/${schedule.id}`, read);
    expect((await same.json()).schedule).toEqual({ ...read, history: [] });
    const off = await callRoute("PUT", `/api/erp/schedules/${schedule.id}`, { ...read, sendWhenWaiting: null });
    expect((await off.json()).schedule).toMatchObject({ sendWhenWaiting: null, sendWhenOldestSeconds: 120 });
    expect(await state.conn.selectFrom("schedules").select(["send_when_waiting", "send_when_oldest_seconds"]).execute()).toEqual([{ send_when_waiting: null, send_when_oldest_seconds: 120 }]);
    const stock = await (await callRoute("POST", "/api/erp/schedules", { ...STOCK_DAYTIME, sendWhenWaiting: 5 })).json();
    expect(stock.schedule).toMatchObject({ sendWhenWaiting: null, sendWhenOldestSeconds: null });
  });

  it("an early-send threshold of zero, below zero, a fraction, text or under 5 seconds is a 422 naming its field, and nothing changes", async () => {
    const base = { kind: "transfer", rule: { type: "every", minutes: 60 } };
    const bad = [
      [{ sendWhenWaiting: 0 }, "sendWhenWaiting"],
      [{ sendWhenWaiting: -3 }, "sendWhenWaiting"],
      [{ sendWhenWaiting: 2.5 }, "sendWhenWaiting"],
      [{ sendWhenWaiting: "5" }, "sendWhenWaiting"],
      [{ sendWhenOldestSeconds: 4 }, "sendWhenOldestSeconds"],
      [{ sendWhenOldestSeconds: 30.5 }, "sendWhenOldestSeconds"],
    ] as const;
    for (const [fields, field] of bad) {
      const res = await callRoute("POST", "/api/erp/schedules", { ...base, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect((await res.json()).errors, JSON.stringify(fields)).toEqual({ [field]: [expect.stringMatching(/^Give the /)] });
    }
    expect(await state.conn.selectFrom("schedules").selectAll().execute()).toEqual([]);
  });

  it("an unknown or malformed id is 404 or 422", async () => {
    expect((await callRoute("POST", "/api/erp/schedules/x/pause")).status).toBe(422);
    const missing = "3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f";
    expect((await callRoute("DELETE", `/api/erp/schedules/${missing}`)).status).toBe(404);
  });
});
