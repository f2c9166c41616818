import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { BreakerState, TransferBreakerRecord, TransferHoldRecord } from "@/lib/hold/tables";
import type { BreakerCause } from "@/lib/hold/breaker";

type Conn = Kysely<Database> | Transaction<Database>;

export const HOLD_ID = "transfers";

export function readHold(conn: Conn, lock = false): Promise<TransferHoldRecord | undefined> {
  const query = conn.selectFrom("transfer_hold").selectAll().where("id", "=", HOLD_ID);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function writeHold(conn: Conn, row: Omit<TransferHoldRecord, "id">): Promise<void> {
  await conn
    .insertInto("transfer_hold")
    .values({ id: HOLD_ID, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
}

export async function lockBreaker(trx: Transaction<Database>, now: Date): Promise<TransferBreakerRecord> {
  await trx.insertInto("transfer_breaker").values({ id: HOLD_ID, state: "closed", updated_at: now }).onConflict((oc) => oc.column("id").doNothing()).execute();
  return trx.selectFrom("transfer_breaker").selectAll().where("id", "=", HOLD_ID).forUpdate().executeTakeFirstOrThrow();
}

export function readBreaker(conn: Conn): Promise<TransferBreakerRecord | undefined> {
  return conn.selectFrom("transfer_breaker").selectAll().where("id", "=", HOLD_ID).executeTakeFirst();
}

export async function writeBreaker(conn: Conn, row: Partial<Omit<TransferBreakerRecord, "id">>, only?: { state: BreakerState; updatedAt?: Date }): Promise<boolean> {
  let query = conn.updateTable("transfer_breaker").set(row).where("id", "=", HOLD_ID);
  if (only) query = query.where("state", "=", only.state);
  if (only?.updatedAt) query = query.where("updated_at", "=", only.updatedAt);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Claims a due probe with one conditional update: two instances never both win it (nor the drain below). */
export async function claimProbe(conn: Conn, now: Date): Promise<TransferBreakerRecord | undefined> {
  return conn
    .updateTable("transfer_breaker")
    .set({ state: "half_open", next_probe_at: null, probe_run_id: null, updated_at: now })
    .where("id", "=", HOLD_ID)
    .where("state", "=", "open")
    .where("next_probe_at", "<=", now)
    .returningAll()
    .executeTakeFirst();
}

export async function claimDrain(conn: Conn): Promise<TransferBreakerRecord | undefined> {
  return conn.updateTable("transfer_breaker").set({ drain_due: false }).where("id", "=", HOLD_ID).where("state", "=", "closed").where("drain_due", "=", true).returningAll().executeTakeFirst();
}

export async function addVerdict(trx: Transaction<Database>, verdict: { at: Date; runId: string; batch: number; down: boolean; cause: BreakerCause | null }, keepSince: Date): Promise<void> {
  await trx.deleteFrom("transfer_batch_verdicts").where("at", "<", keepSince).execute();
  await trx
    .insertInto("transfer_batch_verdicts")
    .values({ at: verdict.at, run_id: verdict.runId, batch: verdict.batch, down: verdict.down, cause_json: verdict.cause ? JSON.stringify(verdict.cause) : null })
    .execute();
}

/** What addVerdict does, in one statement under the same row lock, for a healthy verdict while the breaker is closed; false (nothing written) otherwise. */
export async function addHealthyVerdictWhileClosed(conn: Conn, verdict: { at: Date; runId: string; batch: number }, keepSince: Date): Promise<boolean> {
  const { rows } = await sql<{ added: number }>`
    with breaker as (
      select id from transfer_breaker where id = ${HOLD_ID} and state = 'closed' for update
    ),
    pruned as (
      delete from transfer_batch_verdicts where at < ${keepSince} and exists (select 1 from breaker)
    ),
    added as (
      insert into transfer_batch_verdicts (at, run_id, batch, down, cause_json)
      select ${verdict.at}, ${verdict.runId}, ${verdict.batch}, false, null from breaker
      returning id
    )
    select count(*)::int as added from added
  `.execute(conn);
  return (rows[0]?.added ?? 0) > 0;
}

export async function recentVerdicts(trx: Transaction<Database>, since: Date, limit: number): Promise<{ down: boolean; cause: BreakerCause | null }[]> {
  const rows = await trx.selectFrom("transfer_batch_verdicts").select(["down", "cause_json"]).where("at", ">=", since).orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ down: r.down, cause: r.cause_json ? (JSON.parse(r.cause_json) as BreakerCause) : null }));
}
