import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { can } from "@/lib/auth/roles";
import type { Database } from "@/lib/store/schema";
import type { Role } from "@/lib/auth/roles";
import type { SavedViewRow } from "@/lib/views/tables";
import { viewHref, type SavedViewList } from "@/lib/views/lists";
import type { SavedView } from "@/lib/views/schemas";

type Db = Kysely<Database>;

export interface ViewReader {
  id: number;
  role: Role;
}

export function canEditView(row: SavedViewRow, reader: ViewReader): boolean {
  return row.shared ? can(reader.role, "views.publish") : row.owner_id === reader.id;
}

export function viewFromRow(row: SavedViewRow, reader: ViewReader): SavedView {
  const list = row.list as SavedViewList;
  return {
    id: row.id,
    list,
    name: row.name,
    query: row.query,
    href: viewHref(list, row.query),
    shared: row.shared,
    owner: { id: row.owner_id, email: row.owner_email, name: row.owner_name },
    editable: canEditView(row, reader),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listVisibleViews(db: Db, list: SavedViewList, memberId: number): Promise<SavedViewRow[]> {
  return db
    .selectFrom("saved_views")
    .selectAll()
    .where("list", "=", list)
    .where((eb) => eb.or([eb("shared", "=", true), eb("owner_id", "=", memberId)]))
    .orderBy("shared", "desc")
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

export async function findVisibleView(db: Db, id: string, memberId: number): Promise<SavedViewRow | undefined> {
  return db
    .selectFrom("saved_views")
    .selectAll()
    .where("id", "=", id)
    .where((eb) => eb.or([eb("shared", "=", true), eb("owner_id", "=", memberId)]))
    .executeTakeFirst();
}

export async function nameTaken(db: Db, view: { list: string; name: string; ownerId: number; shared: boolean; exceptId?: string }): Promise<boolean> {
  const row = await db
    .selectFrom("saved_views")
    .select("id")
    .where("list", "=", view.list)
    .where(sql`lower(name)`, "=", view.name.toLowerCase())
    .where((eb) => (view.shared ? eb.or([eb("shared", "=", true), eb("owner_id", "=", view.ownerId)]) : eb("owner_id", "=", view.ownerId)))
    .$if(view.exceptId !== undefined, (q) => q.where("id", "<>", view.exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

// Two-key advisory lock space "view" (0x76696577), second key the owner: one member's inserts count one by one.
const VIEW_LOCKS = 0x76696577;

export async function insertView(
  db: Db,
  view: { list: SavedViewList; name: string; query: string; shared: boolean; owner: { id: number; email: string; name: string } },
  cap: number,
  now = new Date(),
): Promise<SavedViewRow | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${VIEW_LOCKS}::int, ${view.owner.id}::int)`.execute(trx);
    const kept = await trx.selectFrom("saved_views").select(sql<string>`count(*)`.as("n")).where("owner_id", "=", view.owner.id).executeTakeFirstOrThrow();
    if (Number(kept.n) >= cap) return null;
    return addView(trx, view, now);
  });
}

async function addView(
  db: Db,
  view: { list: SavedViewList; name: string; query: string; shared: boolean; owner: { id: number; email: string; name: string } },
  now: Date,
): Promise<SavedViewRow> {
  const at = now;
  return db
    .insertInto("saved_views")
    .values({
      id: randomUUID(),
      list: view.list,
      name: view.name,
      query: view.query,
      owner_id: view.owner.id,
      owner_email: view.owner.email,
      owner_name: view.owner.name,
      shared: view.shared,
      created_at: at,
      updated_at: at,
      updated_by_email: view.owner.email,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateView(
  db: Db,
  id: string,
  change: { name?: string; query?: string; shared?: boolean },
  by: string,
  now = new Date(),
): Promise<SavedViewRow> {
  return db
    .updateTable("saved_views")
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.query !== undefined ? { query: change.query } : {}),
      ...(change.shared !== undefined ? { shared: change.shared } : {}),
      updated_at: now,
      updated_by_email: by,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteView(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("saved_view_defaults").where("view_id", "=", id).execute();
    await tx.deleteFrom("saved_views").where("id", "=", id).execute();
  });
}

export async function findDefaultView(db: Db, list: SavedViewList, memberId: number): Promise<SavedViewRow | undefined> {
  return db
    .selectFrom("saved_view_defaults as d")
    .innerJoin("saved_views as v", "v.id", "d.view_id")
    .selectAll("v")
    .where("d.member_id", "=", memberId)
    .where("d.list", "=", list)
    .where((eb) => eb.or([eb("v.shared", "=", true), eb("v.owner_id", "=", memberId)]))
    .executeTakeFirst();
}

export async function setDefaultView(db: Db, list: SavedViewList, memberId: number, viewId: string | null, now = new Date()): Promise<void> {
  if (viewId === null) {
    await db.deleteFrom("saved_view_defaults").where("member_id", "=", memberId).where("list", "=", list).execute();
    return;
  }
  await db
    .insertInto("saved_view_defaults")
    .values({ member_id: memberId, list, view_id: viewId, updated_at: now })
    .onConflict((oc) => oc.columns(["member_id", "list"]).doUpdateSet({ view_id: viewId, updated_at: now }))
    .execute();
}
