import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchTargets, resolveNames, type WarehouseName } from "@/lib/activity/names";
import { queryAuditIn } from "@/lib/activity/store";
import { auditRow, type AuditEntry } from "@/lib/audit/row";
import type { Database } from "@/lib/store/schema";
import { insertTestKey } from "@/test/api-keys";
import { openTestDb } from "@/test/store";
import { insertRun } from "@/test/transfer-runs";

// Name resolution against a real store: one query per kind of target and one read of the platform's warehouses per page.

let conn: Kysely<Database>;
let queries = 0;
let counted: Kysely<Database>;
let runId: string;
let keyId: string;
let memberId: number;
let goneMemberId: number;

const PLATFORM: WarehouseName[] = [
  { id: 9, name: "Ankara Depo", code: "ANK01" },
  { id: 10, name: "İZMİR Şube", code: "IZM01" },
];
let platformReads = 0;
const platform = async () => {
  platformReads++;
  return PLATFORM;
};

const at = new Date("2026-11-26T08:00:00Z");
const write = (entries: AuditEntry[]) => conn.insertInto("audit_events").values(entries.map((e) => auditRow(e, at))).execute();
const admin = { id: null, email: "trail-admin@test.local" };

beforeAll(async () => {
  conn = await openTestDb();
  counted = conn.withPlugin({ transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result });
  const add = async (email: string, name: string) =>
    (await conn.insertInto("members").values({ email, name, role: "admin", password_hash: null, source: "password", created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()).id;
  await add(admin.email, "Ayşe Admin");
  memberId = await add("trail-viewer@test.local", "Veli Viewer");
  goneMemberId = memberId + 1000;
  runId = await insertRun(conn, "Onur Operator", "completed", "new", at.toISOString(), { transferred: 12 });
  keyId = (await insertTestKey(conn, { role: "operator", name: "ERP sync" })).id;
  const entries: AuditEntry[] = [];
  for (let i = 0; i < 5; i++) {
    entries.push({ actor: admin, action: "warehouse.update", target: { type: "warehouse", id: 9 }, outcome: "success", before: { name: "Ankara", code: "ANK01" }, after: { name: "Ankara Depo", code: "ANK01" } });
    entries.push({ actor: admin, action: "erp.transfer", target: { type: "erp_transfer_run", id: runId }, outcome: "success", details: { event: "created", orders: 12 } });
    entries.push({ actor: admin, action: "member.update", target: { type: "member", id: memberId }, outcome: "success" });
  }
  entries.push(
    { actor: admin, action: "warehouse.delete", target: { type: "warehouse", id: 4 }, outcome: "success", before: { name: "Eski Depo", code: "ESK01" } },
    { actor: admin, action: "member.update", target: { type: "member", id: goneMemberId }, outcome: "success", after: { name: "Gone Member" } },
    { actor: admin, action: "erp.transfer", target: { type: "erp_transfer_run", id: "00000000-dead-4bad-8bad-000000000000" }, outcome: "success", details: { event: "created", orders: 3 } },
    { actor: admin, action: "apikey.create", target: { type: "api_key", id: keyId }, outcome: "success" },
  );
  await write(entries);
});

afterAll(async () => {
  await conn.destroy();
});

describe("resolveNames", () => {
  it("names a page of events in one query per kind of target and one platform read, however many rows", async () => {
    const { items } = await queryAuditIn(conn, { page: 1, limit: 100 });
    expect(items.length).toBe(19);
    queries = 0;
    platformReads = 0;
    const names = await resolveNames(counted, items, platform);
    expect(platformReads).toBe(1);
    // Members (targets and actors together), runs and keys; no schedules, views or channels on the page, so no query.
    expect(queries).toBe(3);
    expect(names.actors["trail-admin@test.local"]).toBe("Ayşe Admin");
    expect(names.targets["warehouse:9"]).toEqual({ name: "Ankara Depo", code: "ANK01", href: "/warehouses/9" });
    expect(names.targets[`erp_transfer_run:${runId}`]).toEqual({ name: null, orders: 12, at: at.toISOString(), href: `/erp/transfers/${runId}` });
    expect(names.targets[`member:${memberId}`]).toEqual({ name: "Veli Viewer" });
    expect(names.targets[`api_key:${keyId}`]).toEqual({ name: "ERP sync" });
  });

  it("a target gone from the platform or the store keeps its last recorded name, marked deleted and without a link", async () => {
    const { items } = await queryAuditIn(conn, { page: 1, limit: 100 });
    const names = await resolveNames(conn, items, platform);
    expect(names.targets["warehouse:4"]).toEqual({ name: "Eski Depo", code: "ESK01", kind: null, deleted: true });
    expect(names.targets[`member:${goneMemberId}`]).toMatchObject({ name: "Gone Member", deleted: true });
    expect(names.targets["erp_transfer_run:00000000-dead-4bad-8bad-000000000000"]).toMatchObject({ deleted: true });
    expect(names.targets["warehouse:4"]?.href).toBeUndefined();
  });

  it("with the platform down, warehouses keep their recorded names and links, and the page still reads", async () => {
    const { items } = await queryAuditIn(conn, { targetType: "warehouse", page: 1, limit: 100 });
    const names = await resolveNames(conn, items, async () => {
      throw new Error("platform down");
    });
    expect(names.targets["warehouse:9"]).toMatchObject({ name: "Ankara Depo", code: "ANK01", href: "/warehouses/9" });
    expect(names.targets["warehouse:9"]?.deleted).toBeUndefined();
  });

  it("asks nothing when a page has no targets", async () => {
    queries = 0;
    platformReads = 0;
    expect(await resolveNames(counted, [], platform)).toEqual({ targets: {}, actors: {} });
    expect([queries, platformReads]).toEqual([0, 0]);
  });
});

describe("matchTargets", () => {
  const keys = async (text: string) => (await matchTargets(conn, text, platform)).map((k) => `${k.type}:${k.id}`).sort();

  it("finds a warehouse by code, by name in any case (Turkish-aware) and by id", async () => {
    expect(await keys("ANK01")).toEqual(["warehouse:9"]);
    expect(await keys("ank01")).toEqual(["warehouse:9"]);
    expect(await keys("ankara")).toEqual(["warehouse:9"]);
    expect(await keys("izmir şube")).toEqual(["warehouse:10"]);
    expect(await keys("9")).toEqual(["warehouse:9"]);
  });

  it("finds a deleted warehouse by the name its events recorded", async () => {
    expect(await keys("eski")).toEqual(["warehouse:4"]);
    expect(await keys("ESK01")).toEqual(["warehouse:4"]);
  });

  it("finds a run by its id or the start of it, a member and a key by name", async () => {
    expect(await keys(runId)).toEqual([`erp_transfer_run:${runId}`]);
    expect(await keys(runId.slice(0, 8).toUpperCase())).toEqual([`erp_transfer_run:${runId}`]);
    expect(await keys("veli")).toEqual([`member:${memberId}`]);
    expect(await keys("erp sync")).toEqual([`api_key:${keyId}`]);
  });

  it("finds nothing for text that names nothing, and the list filtered by it is empty", async () => {
    expect(await keys("no such thing")).toEqual([]);
    expect((await queryAuditIn(conn, { targets: [], page: 1, limit: 10 })).total).toBe(0);
    expect((await queryAuditIn(conn, { targets: [{ type: "warehouse", id: "9" }, { type: "warehouse", id: "4" }], page: 1, limit: 10 })).total).toBe(6);
  });
});
