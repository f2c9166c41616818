import { sql, type Kysely, type Migration } from "kysely";
import { addColumns } from "@/lib/db/migrations";
import { orderMeaning } from "@/lib/erp/outcomes/meanings";
import type { OrderOutcome } from "@/lib/erp/lists";

// Outcomes by meaning (lib/erp/migrations.ts, 0009): runs stored before it are re-read through the same catalog.

const CHUNK = 5000;

export const transferOutcomesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("erp_transfer_orders").addColumn("meaning", "text").execute();
    await addColumns(db, "erp_transfer_runs", {
      already_count: "integer not null default 0",
      rejected_count: "integer not null default 0",
      failed_count: "integer not null default 0",
    });
    await readStoredOutcomes(db);
  },
};

/** Also run on a store copied from SQLite (lib/store/copy.ts); only exceptions are written on order rows. */
export async function readStoredOutcomes(db: Kysely<unknown>): Promise<void> {
  let after = { runId: "", position: 0 };
  for (;;) {
    const { rows } = await sql<{ run_id: string; position: number; outcome: OrderOutcome; reason: string | null; reason_code: string | null }>`
      select run_id, position, outcome, reason, reason_code from erp_transfer_orders
      where outcome in ('not_transferred', 'unknown') and meaning is null and (run_id, position) > (${after.runId}, ${after.position})
      order by run_id, position limit ${CHUNK}
    `.execute(db);
    if (rows.length === 0) break;
    await sql`
      update erp_transfer_orders o set meaning = v.meaning
      from unnest(${rows.map((r) => r.run_id)}::text[], ${rows.map((r) => r.position)}::int[], ${rows.map((r) => orderMeaning({ outcome: r.outcome, reason: r.reason, reasonCode: r.reason_code }))}::text[])
        as v(run_id, position, meaning)
      where o.run_id = v.run_id and o.position = v.position
    `.execute(db);
    const last = rows[rows.length - 1]!;
    after = { runId: last.run_id, position: last.position };
  }
  await sql`
    update erp_transfer_runs r
    set already_count = c.already, rejected_count = c.rejected, failed_count = c.failed
    from (
      select run_id,
        count(*) filter (where meaning = 'already_in_erp')::int as already,
        count(*) filter (where meaning = 'rejected')::int as rejected,
        count(*) filter (where meaning = 'failed')::int as failed
      from erp_transfer_orders where meaning is not null group by run_id
    ) c
    where c.run_id = r.id
  `.execute(db);
}
