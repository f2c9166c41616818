import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ErpOrderOutcome, ErpTransferRun } from "@/lib/store/schema";
import { redactSecrets } from "@/lib/rules/secrets";
import { orderMeaning, type Meaning } from "@/lib/erp/outcomes/meanings";
import { MEANING, OUTCOME, ordersOf } from "@/lib/erp/transfers/orders";
import { getRun } from "@/lib/erp/transfers/store";

type Conn = Kysely<Database> | Transaction<Database>;

export async function refreshCounts(conn: Conn, runId: string): Promise<void> {
  const rows = await ordersOf(conn, runId)
    .select([OUTCOME.as("outcome"), (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(OUTCOME)
    .execute();
  const n = (o: ErpOrderOutcome) => Number(rows.find((r) => r.outcome === o)?.n ?? 0);
  const meanings = await ordersOf(conn, runId)
    .select([MEANING.as("meaning"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("o.outcome", "=", "not_transferred")
    .groupBy(MEANING)
    .execute();
  const m = (meaning: Meaning) => Number(meanings.find((r) => r.meaning === meaning)?.n ?? 0);
  await conn
    .updateTable("erp_transfer_runs")
    .set({
      transferred_count: n("transferred"),
      not_transferred_count: n("not_transferred"),
      unknown_count: n("unknown"),
      pending_count: n("pending"),
      sending_count: n("sending"),
      already_count: m("already_in_erp"),
      rejected_count: m("rejected"),
      failed_count: m("failed"),
    })
    .where("id", "=", runId)
    .execute();
}

export async function holdsRun(trx: Transaction<Database>, runId: string, jobId: string): Promise<ErpTransferRun | null> {
  const run = await trx.selectFrom("erp_transfer_runs").selectAll().where("id", "=", runId).forUpdate().executeTakeFirst();
  return run && run.job_id === jobId && (run.state === "queued" || run.state === "running") ? run : null;
}

export async function sendingToUnknown(trx: Transaction<Database>, runId: string, now = new Date()): Promise<number> {
  // The batch marked on the run, and any order row marked sending itself (a store copied from SQLite).
  const result = await trx
    .updateTable("erp_transfer_orders as o")
    .from("erp_transfer_runs as r")
    .set({ outcome: "unknown", reason: null, reason_code: "interrupted", meaning: "unknown", updated_at: now })
    .whereRef("r.id", "=", "o.run_id")
    .where("o.run_id", "=", runId)
    .where(OUTCOME, "=", "sending")
    .executeTakeFirst();
  await trx.updateTable("erp_transfer_runs").set({ sending_from: null, sending_to: null }).where("id", "=", runId).execute();
  return Number(result.numUpdatedRows);
}

export async function interruptRun(conn: Kysely<Database>, runId: string, jobId: string, now = new Date()): Promise<ErpTransferRun | null> {
  return conn.transaction().execute(async (trx) => {
    if (!(await holdsRun(trx, runId, jobId))) return null;
    return endInterrupted(trx, runId, now);
  });
}

export async function endInterrupted(trx: Transaction<Database>, runId: string, now = new Date()): Promise<ErpTransferRun> {
  await sendingToUnknown(trx, runId, now);
  await trx.updateTable("erp_transfer_runs").set({ state: "interrupted", finished_at: now, job_id: null }).where("id", "=", runId).execute();
  await refreshCounts(trx, runId);
  return (await getRun(trx, runId))!;
}

export interface OrderOutcomeRow {
  position: number;
  outcome: Exclude<ErpOrderOutcome, "pending" | "sending">;
  reason: string | null;
  reasonCode: string | null;
}

export interface ClaimedBatch {
  number: number;
  rows: { position: number; order_id: string }[];
}

/** A bounded range: an open-ended "past `after`, first n" made the planner scan and sort the rest of the run on every read. */
export async function readPending(conn: Conn, runId: string, after: number, through: number): Promise<PendingOrder[]> {
  return conn
    .selectFrom("erp_transfer_orders")
    .select(["position", "order_id", "batch"])
    .where("run_id", "=", runId)
    .where("position", ">", after)
    .where("position", "<=", through)
    .where("outcome", "=", "pending")
    .orderBy("position")
    .execute();
}

export interface PendingOrder {
  position: number;
  order_id: string;
  batch: number;
}

/** One round trip per batch boundary, fenced on the job; with `unlessStopped` the `added` batches are claimed only if no stop was asked (`stopped`). */
export async function settleBatch(
  conn: Conn,
  input: { runId: string; jobId: string; done: readonly OrderOutcomeRow[]; inFlight: readonly ClaimedBatch[]; added: number; unlessStopped?: boolean; now?: Date },
): Promise<{ held: boolean; stopped: boolean }> {
  const { runId, jobId, done, added } = input;
  const at = input.now ?? new Date();
  const count = (o: OrderOutcomeRow["outcome"]) => done.filter((r) => r.outcome === o).length;
  const meanings = done.map((r) => orderMeaning(r));
  const meant = (m: Meaning) => meanings.filter((x) => x === m).length;
  const high = done.length ? Math.max(...done.map((r) => r.position)) : 0;
  const exceptions = done.filter((r) => r.outcome !== "transferred");
  const rowsOf = (batches: readonly ClaimedBatch[]) => batches.reduce((n, b) => n + b.rows.length, 0);
  const marks = (inFlight: readonly ClaimedBatch[], newly: number) => {
    const oldest = inFlight[0];
    const newest = inFlight[inFlight.length - 1];
    return { sending: rowsOf(inFlight), newlySending: newly, from: oldest ? oldest.rows[0]!.position : null, to: newest ? newest.rows[newest.rows.length - 1]!.position : null };
  };
  const go = marks(input.inFlight, rowsOf(input.inFlight.slice(input.inFlight.length - added)));
  const held = input.unlessStopped && added > 0 ? marks(input.inFlight.slice(0, input.inFlight.length - added), 0) : go;
  const pick = (a: number | null, b: number | null) => (a === b ? sql`${a}::int` : sql`(case when r.stop_requested_at is null then ${a}::int else ${b}::int end)`);
  const run = sql`
    update erp_transfer_runs r
    set batches_done = r.batches_done + ${done.length > 0 ? 1 : 0},
        sending_count = ${pick(go.sending, held.sending)},
        sending_from = ${pick(go.from, held.from)},
        sending_to = ${pick(go.to, held.to)},
        pending_count = r.pending_count - ${pick(go.newlySending, held.newlySending)},
        transferred_through = greatest(r.transferred_through, ${high}),
        transferred_count = r.transferred_count + ${count("transferred")},
        not_transferred_count = r.not_transferred_count + ${count("not_transferred")},
        unknown_count = r.unknown_count + ${count("unknown")},
        already_count = r.already_count + ${meant("already_in_erp")},
        rejected_count = r.rejected_count + ${meant("rejected")},
        failed_count = r.failed_count + ${meant("failed")}`;
  const fenced = sql`r.id = ${runId} and r.job_id = ${jobId} and r.state in ('queued', 'running')`;
  const stopped = sql`(r.stop_requested_at is not null) as stopped`;
  if (exceptions.length === 0) {
    const updated = await sql<{ stopped: boolean }>`${run} where ${fenced} returning ${stopped}`.execute(conn);
    return { held: updated.rows.length > 0, stopped: updated.rows[0]?.stopped === true };
  }
  const executed = await sql<{ held: number; stopped: boolean | null }>`
    with fence as (
      select r.id from erp_transfer_runs r where ${fenced} for update
    ),
    written as (
      update erp_transfer_orders o
      set outcome = v.outcome, reason = v.reason, reason_code = v.reason_code, meaning = v.meaning, updated_at = ${at}
      from unnest(
        ${exceptions.map((r) => r.position)}::int[],
        ${exceptions.map((r) => r.outcome)}::text[],
        ${exceptions.map((r) => (r.reason === null ? null : redactSecrets(r.reason)))}::text[],
        ${exceptions.map((r) => r.reasonCode)}::text[],
        ${exceptions.map((r) => orderMeaning(r))}::text[]
      ) as v(position, outcome, reason, reason_code, meaning), fence
      where o.run_id = fence.id and o.position = v.position
      returning o.position
    ),
    counted as (
      ${run} from fence where r.id = fence.id returning ${stopped}
    )
    select (select count(*) from counted)::int as held, (select stopped from counted) as stopped
  `.execute(conn);
  return { held: (executed.rows[0]?.held ?? 0) > 0, stopped: executed.rows[0]?.stopped === true };
}

export function takeBatch(ahead: PendingOrder[], batchSize: number): ClaimedBatch | null {
  const first = ahead[0];
  if (!first) return null;
  let n = 1;
  while (n < ahead.length && ahead[n]!.batch === first.batch && ahead[n]!.position < first.position + batchSize) n++;
  const rows = ahead.splice(0, n).map((r) => ({ position: r.position, order_id: r.order_id }));
  return { number: first.batch, rows };
}

export async function takeoverCount(conn: Conn, runId: string): Promise<number> {
  const [row] = await conn
    .selectFrom("audit_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("action", "=", "erp.transfer")
    .where("target_type", "=", "erp_transfer_run")
    .where("target_id", "=", runId)
    .where(sql<boolean>`(details_json::jsonb ->> 'event') = 'resumed'`)
    .execute();
  return Number(row?.n ?? 0);
}
