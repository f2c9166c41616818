import type { Insertable, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "@/test/store";
import type { Database } from "@/lib/store/schema";
import { toAuditFilter } from "@/lib/activity/dates";
import { activityList, activityQuery } from "@/lib/activity/schemas";
import { queryAuditIn } from "@/lib/activity/store";
import { eventOutcome } from "@/lib/activity/readable";

const listActivityQuerySchema = activityList.querySchema.transform(activityQuery);

// The list's filters against a real store: the schema's output, through toAuditFilter, into the
// same query the API runs.

let conn: Kysely<Database>;

type Row = Insertable<Database["audit_events"]>;
const row = (over: Partial<Row> & { at: Date; action: string }): Row => ({
  actor_id: 1,
  actor_email: "admin@demo.local",
  target_type: null,
  target_id: null,
  outcome: "success",
  message: null,
  before_json: null,
  after_json: null,
  details_json: null,
  request_id: null,
  ip: "127.0.0.1",
  ...over,
});

beforeAll(async () => {
  conn = await openTestDb();
  await conn
    .insertInto("audit_events")
    .values([
      row({ at: new Date("2024-04-30T20:59:59.999Z"), action: "auth.sign_in" }), // 23:59 on 30 April in Istanbul
      row({ at: new Date("2024-04-30T21:00:00.000Z"), action: "auth.sign_in", actor_email: "viewer@demo.local", actor_id: 3 }), // 00:00 on 1 May
      row({ at: new Date("2024-05-01T08:00:00.000Z"), action: "auth.sign_in", actor_email: "nobody@x.io", actor_id: null, outcome: "failure", details_json: '{"reason":"unknown email"}' }),
      row({ at: new Date("2024-05-01T09:00:00.000Z"), action: "warehouse.update", target_type: "warehouse", target_id: "12", before_json: '{"name":"A"}', after_json: '{"name":"B"}' }),
      row({ at: new Date("2024-05-01T10:00:00.000Z"), action: "warehouse.delete", target_type: "warehouse", target_id: "12", outcome: "denied", actor_email: "operator@demo.local", actor_id: 2 }),
      row({ at: new Date("2024-05-01T20:59:59.999Z"), action: "warehouse.create", target_type: "warehouse", target_id: "120" }), // last ms of 1 May
      row({ at: new Date("2024-05-01T21:00:00.000Z"), action: "member.update", target_type: "member", target_id: "3" }), // 2 May
      row({ at: new Date("2024-05-03T09:00:00.000Z"), action: "erp.transfer_retry", target_type: "erp_run", target_id: "r-1" }),
    ])
    .execute();
});
afterAll(async () => {
  await conn.destroy();
});

async function list(raw: Record<string, string>) {
  const q = listActivityQuerySchema.parse(raw);
  const { items, total } = await queryAuditIn(conn, { ...toAuditFilter(q, "Europe/Istanbul"), page: q.page, limit: q.limit });
  return { total, actions: items.map((i) => i.action), items };
}

describe("activity filters on the store", () => {
  it("lists everything newest first with a total", async () => {
    const { total, actions } = await list({});
    expect(total).toBe(8);
    expect(actions[0]).toBe("erp.transfer_retry");
    expect(actions.at(-1)).toBe("auth.sign_in");
  });

  it("pages with the total of all matches", async () => {
    const first = await list({ limit: "10", page: "1" });
    expect(first.items).toHaveLength(8);
    const beyond = await list({ limit: "10", page: "2" });
    expect(beyond).toMatchObject({ total: 8, actions: [] });
  });

  it("filters by person, case-insensitively", async () => {
    expect((await list({ actor: "Operator@Demo.local" })).actions).toEqual(["warehouse.delete"]);
    expect((await list({ actor: "nobody@x.io" })).items[0]).toMatchObject({ actorId: null, outcome: "failure", details: { reason: "unknown email" } });
  });

  it("filters by action and by outcome", async () => {
    expect((await list({ action: "auth.sign_in" })).total).toBe(3);
    expect((await list({ action: "auth.sign_in", outcome: "failure" })).total).toBe(1);
    expect((await list({ outcome: "denied" })).actions).toEqual(["warehouse.delete"]);
  });

  it("filters by exact target (warehouse:12 is not warehouse:120)", async () => {
    const { actions, items } = await list({ target: "warehouse:12" });
    expect(actions).toEqual(["warehouse.delete", "warehouse.update"]);
    expect(items[1]).toMatchObject({ before: { name: "A" }, after: { name: "B" } });
    expect((await list({ target: "erp_run:r-1" })).actions).toEqual(["erp.transfer_retry"]);
  });

  it("bounds dates by whole days in the display time zone", async () => {
    const may1 = await list({ from: "2024-05-01", to: "2024-05-01" });
    expect(may1.actions).toEqual(["warehouse.create", "warehouse.delete", "warehouse.update", "auth.sign_in", "auth.sign_in"]);
    expect((await list({ to: "2024-04-30" })).total).toBe(1);
    expect((await list({ from: "2024-05-02" })).actions).toEqual(["erp.transfer_retry", "member.update"]);
    expect((await list({ from: "2001-01-01", to: "2001-01-31" })).total).toBe(0);
  });

  it("combines filters", async () => {
    expect((await list({ actor: "admin@demo.local", from: "2024-05-01", target: "warehouse:12" })).actions).toEqual(["warehouse.update"]);
  });
});

describe("an API key as the actor", () => {
  beforeAll(async () => {
    await conn
      .insertInto("audit_events")
      .values([
        row({ at: new Date("2030-01-01T09:00:00Z"), action: "warehouse.update", actor_id: null, actor_email: "key ERP sync, created by Ayşe Admin" }),
        row({ at: new Date("2030-01-01T09:01:00Z"), action: "warehouse.create", actor_id: null, actor_email: "key ERP sync 2, created by Ayşe Admin" }),
      ])
      .execute();
  });

  it("is asked for as key:<name> and finds that key's events only", async () => {
    expect((await list({ actor: "key:ERP sync" })).actions).toEqual(["warehouse.update"]);
    expect((await list({ actor: "key:ERP sync 2" })).actions).toEqual(["warehouse.create"]);
    expect((await list({ actor: "key:nothing" })).total).toBe(0);
  });

  it("refuses key names that would widen the match or that carry control characters", () => {
    for (const actor of ["key:", "key:%", "key:ERP_sync", "key:a,b", "key:a\u0000"]) expect(listActivityQuerySchema.safeParse({ actor }).success, actor).toBe(false);
  });
});

describe("the outcome filter on older transfer rows", () => {
  let own: Kysely<Database>;
  beforeAll(async () => {
    own = await openTestDb();
    await own
      .insertInto("audit_events")
      .values([
        row({ at: new Date("2024-06-01T08:00:00Z"), action: "erp.transfer", target_type: "erp_transfer_run", target_id: "rejections", outcome: "failure", details_json: '{"result":"complete_with_rejections"}' }),
        row({ at: new Date("2024-06-01T09:00:00Z"), action: "erp.transfer", target_type: "erp_transfer_run", target_id: "attention", outcome: "failure", details_json: '{"result":"needs_attention"}' }),
        row({ at: new Date("2024-06-01T10:00:00Z"), action: "erp.transfer", target_type: "erp_transfer_run", target_id: "complete", details_json: '{"result":"complete"}' }),
        row({ at: new Date("2024-06-01T11:00:00Z"), action: "warehouse.update", outcome: "failure", details_json: '{"result":"complete_with_rejections"}' }),
      ])
      .execute();
  });
  afterAll(async () => {
    await own.destroy();
  });

  it("finds each row under the outcome the trail shows it with", async () => {
    for (const outcome of ["success", "failure"] as const) {
      const { items } = await queryAuditIn(own, { outcome, page: 1, limit: 50 });
      expect(items.map((e) => eventOutcome(e)), outcome).toEqual(items.map(() => outcome));
      expect(items.map((e) => e.targetId ?? e.action).sort(), outcome).toEqual(outcome === "success" ? ["complete", "rejections"] : ["attention", "warehouse.update"]);
    }
  });
});
