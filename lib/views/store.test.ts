import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";
import { canEditView, findDefaultView, insertView, listVisibleViews, nameTaken, setDefaultView } from "@/lib/views/store";

// The store's own guards, below the service's checks: two saves racing past the name check still leave one view.

let db: Kysely<Database>;
let owner: { id: number; email: string; name: string };
let other: { id: number; email: string; name: string };

beforeAll(async () => {
  db = await openTestDb();
  const at = new Date();
  const add = async (email: string) => {
    const row = await db.insertInto("members").values({ email, name: email, role: "operator", password_hash: null, source: "password", created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
    return { id: row.id, email, name: email };
  };
  owner = await add("store-owner@test.local");
  other = await add("store-other@test.local");
});

afterAll(async () => {
  await db.destroy();
});

describe("saved views store", () => {
  it("refuses a second view of the same name for one owner and list, whatever its case", async () => {
    await insertView(db, { list: "warehouses", name: "Race", query: "", shared: false, owner }, 100);
    const error = await insertView(db, { list: "warehouses", name: "RACE", query: "", shared: false, owner }, 100).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("23505");
    expect(await nameTaken(db, { list: "warehouses", name: "race", ownerId: owner.id, shared: false })).toBe(true);
    expect(await nameTaken(db, { list: "warehouses", name: "race", ownerId: other.id, shared: false })).toBe(false);
    await insertView(db, { list: "warehouses", name: "Race", query: "", shared: false, owner: other }, 100);
  });

  it("refuses two team views of one name, and shows a member the team's and their own", async () => {
    await insertView(db, { list: "activity", name: "Team one", query: "", shared: true, owner }, 100);
    const error = await insertView(db, { list: "activity", name: "team ONE", query: "", shared: true, owner: other }, 100).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("23505");
    const mine = (await insertView(db, { list: "activity", name: "Mine", query: "outcome=failure", shared: false, owner: other }, 100))!;
    expect((await listVisibleViews(db, "activity", other.id)).map((r) => r.name)).toEqual(["Team one", "Mine"]);
    expect((await listVisibleViews(db, "activity", owner.id)).map((r) => r.name)).toEqual(["Team one"]);
    expect(canEditView(mine, { id: other.id, role: "operator" })).toBe(true);
    expect(canEditView(mine, { id: owner.id, role: "admin" })).toBe(false);
  });

  it("keeps one default per member and list", async () => {
    const a = (await insertView(db, { list: "warehouses", name: "Default A", query: "status=passive", shared: false, owner }, 100))!;
    const b = (await insertView(db, { list: "warehouses", name: "Default B", query: "status=active", shared: false, owner }, 100))!;
    await setDefaultView(db, "warehouses", owner.id, a.id);
    await setDefaultView(db, "warehouses", owner.id, b.id);
    expect((await findDefaultView(db, "warehouses", owner.id))?.id).toBe(b.id);
    expect(await db.selectFrom("saved_view_defaults").select("view_id").where("member_id", "=", owner.id).execute()).toEqual([{ view_id: b.id }]);
    await setDefaultView(db, "warehouses", owner.id, null);
    expect(await findDefaultView(db, "warehouses", owner.id)).toBeUndefined();
  });
});
