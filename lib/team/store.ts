import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { Member, MemberUpdate } from "@/lib/auth/tables";
import { announceSessionChange } from "@/lib/auth/session-cache";

export async function memberRows(conn: Kysely<Database>, paging?: { page: number; limit: number }): Promise<{ rows: Member[]; total: number }> {
  let query = conn.selectFrom("members").selectAll().orderBy("email");
  if (paging) query = query.limit(paging.limit).offset((paging.page - 1) * paging.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    conn.selectFrom("members").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function updateMemberRow(conn: Kysely<Database>, id: number, values: Omit<MemberUpdate, "updated_at">): Promise<void> {
  await conn
    .updateTable("members")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
  await announceSessionChange(conn);
}

export async function countActiveAdmins(conn: Kysely<Database>): Promise<number> {
  const row = await conn
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("active", "=", true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Advisory lock "labs" (0x6c616273), key 2: under READ COMMITTED two admins demoting each other would each still count two admins.
export async function lockTeam(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${0x6c616273}::int, ${2}::int)`.execute(trx);
}
