import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import type { RetryKind, TransferRunDetail, TransferRunStatus, TransferRunSummary } from "@/lib/erp/transfers/schemas";
import { transferRunStatus } from "@/lib/erp/transfers/status";
import { runResult, type MeaningCounts } from "@/lib/erp/outcomes/meanings";
import { filterRuns, type RunFilter } from "@/lib/erp/transfers/filters";
import { runStarters, starterCondition, type RunStarter } from "@/lib/erp/transfers/starters";
import { MEANING, ordersOf, RETRY_MEANING } from "@/lib/erp/transfers/orders";

type Conn = Kysely<Database> | Transaction<Database>;

export async function getRun(conn: Conn, id: string): Promise<ErpTransferRun | undefined> {
  return conn.selectFrom("erp_transfer_runs").selectAll().where("id", "=", id).executeTakeFirst();
}

export function toRunSummary(row: ErpTransferRun, now = new Date()): TransferRunSummary {
  const counts = {
    total: row.total_orders,
    transferred: row.transferred_count,
    notTransferred: row.not_transferred_count,
    unknown: row.unknown_count,
    pending: row.pending_count,
    sending: row.sending_count,
  };
  const meanings: MeaningCounts = {
    transferred: row.transferred_count,
    alreadyInErp: row.already_count,
    rejected: row.rejected_count,
    failed: row.failed_count,
    unknown: row.unknown_count,
    notSent: row.pending_count,
    sending: row.sending_count,
  };
  const end = (row.finished_at ?? now).getTime();
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    createdBy: { id: row.created_by_id, email: row.created_by_email, name: row.created_by_name },
    parentRunId: row.parent_run_id,
    origin: row.origin,
    state: row.state,
    status: transferRunStatus(row.state, { total: counts.total, done: meanings.transferred + meanings.alreadyInErp }),
    result: runResult(row.state, meanings),
    batchSize: row.batch_size,
    totalBatches: row.total_batches,
    batchesDone: row.batches_done,
    counts,
    meanings,
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    durationMs: Math.max(0, end - row.created_at.getTime()),
    stop: row.stop_requested_at ? { requestedAt: row.stop_requested_at.toISOString(), by: row.stop_requested_by ?? "" } : null,
  };
}

const REJECTION_REASONS_SHOWN = 5;

export async function getRunDetail(conn: Conn, id: string, now = new Date()): Promise<TransferRunDetail | null> {
  const row = await getRun(conn, id);
  if (!row) return null;
  const parent = row.parent_run_id ? await getRun(conn, row.parent_run_id) : undefined;
  const children = await conn
    .selectFrom("erp_transfer_runs")
    .selectAll()
    .where("parent_run_id", "=", id)
    .orderBy("created_at")
    .execute();
  // A run still going has no follow-up run yet: its counts say it all, with no scan of its orders on every poll.
  const going = row.state === "queued" || row.state === "running";
  const open = going
    ? [
        { meaning: "failed", n: row.failed_count },
        { meaning: "not_sent", n: row.pending_count },
        { meaning: "unknown", n: row.unknown_count },
        { meaning: "rejected", n: row.rejected_count },
      ]
    : await ordersOf(conn, id)
        .select([MEANING.as("meaning"), (eb) => eb.fn.countAll<number>().as("n")])
        .where(MEANING, "in", Object.values(RETRY_MEANING))
        .where("o.retried_in", "is", null)
        .groupBy(MEANING)
        .execute();
  const left = (kind: RetryKind) => Number(open.find((r) => r.meaning === RETRY_MEANING[kind])?.n ?? 0);
  // Why the rejected orders were refused, most common first: what the "send again anyway" confirmation shows.
  const rejections =
    left("rejected") === 0
      ? []
      : await ordersOf(conn, id)
          .select(["o.reason", "o.reason_code", (eb) => eb.fn.countAll<number>().as("n")])
          .where(MEANING, "=", "rejected")
          .where("o.retried_in", "is", null)
          .groupBy(["o.reason", "o.reason_code"])
          .orderBy("n", "desc")
          .limit(REJECTION_REASONS_SHOWN)
          .execute();
  return {
    ...toRunSummary(row, now),
    parent: parent ? { id: parent.id, createdAt: parent.created_at.toISOString(), status: toRunSummary(parent, now).status } : null,
    children: children.map((c) => {
      const child = toRunSummary(c, now);
      return { id: c.id, createdAt: c.created_at.toISOString(), origin: c.origin, status: child.status, result: child.result };
    }),
    retryable: { failed: left("failed"), unsent: left("unsent"), unknown: left("unknown"), rejected: left("rejected") },
    rejections: rejections.map((r) => ({ reason: r.reason, reasonCode: r.reason_code, count: Number(r.n) })),
  };
}

export async function listRuns(
  conn: Conn,
  q: { status?: TransferRunStatus; by?: string; page: number; limit: number } & RunFilter,
  now = new Date(),
): Promise<{ items: TransferRunSummary[]; total: number }> {
  let base = filterRuns(conn.selectFrom("erp_transfer_runs"), q);
  if (q.by) {
    const { op, value } = starterCondition(q.by);
    base = base.where("created_by_email", op, value);
  }
  switch (q.status) {
    case "running":
      base = base.where("state", "in", ["queued", "running"]);
      break;
    case "interrupted":
      base = base.where("state", "=", "interrupted");
      break;
    case "all_transferred":
      base = base.where("state", "=", "completed").where(sql<boolean>`transferred_count + already_count = total_orders`);
      break;
    case "with_failures":
      base = base.where("state", "=", "completed").where(sql<boolean>`transferred_count + already_count < total_orders`);
      break;
  }
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await base
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map((r) => toRunSummary(r, now)), total: Number(total) };
}

export async function listRunPeople(conn: Conn): Promise<string[]> {
  const rows = await conn.selectFrom("erp_transfer_runs").select("created_by_email").distinct().orderBy("created_by_email").execute();
  return rows.map((r) => r.created_by_email);
}

export async function listRunStarters(conn: Conn): Promise<RunStarter[]> {
  const rows = await conn
    .selectFrom("erp_transfer_runs")
    .select((eb) => ["created_by_email as email", "created_by_name as name", eb.fn.max("created_at").as("last")])
    .groupBy(["created_by_email", "created_by_name"])
    .orderBy("last", "desc")
    .execute();
  return runStarters(rows);
}

/** The sales channels runs hold orders of, at most 50, by skipping through the source index (no read of every order). */
export async function listRunChannels(conn: Conn): Promise<string[]> {
  const { rows } = await sql<{ source: string }>`
    with recursive c(source) as (
      (select source from erp_transfer_orders where source is not null order by source limit 1)
      union all
      select (select o.source from erp_transfer_orders o where o.source is not null and o.source > c.source order by o.source limit 1)
      from c where c.source is not null
    )
    select source from c where source is not null limit 50
  `.execute(conn);
  return rows.map((r) => r.source);
}
