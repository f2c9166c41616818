import { runStarters, starterCondition, type RunStarter } from "@/lib/erp/run-starters";
import { createHash, randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ErpOrderOutcome, ErpTransferOrder, ErpTransferRun } from "@/lib/store/schema";
import { englishText, refusal, validationFailed } from "@/lib/i18n/validation";
import { DomainError, type TextCode } from "@/lib/rules/problems";
import { redactSecrets } from "@/lib/rules/secrets";
import { batchCount } from "@/lib/erp/order-ids";
import type {
  OrderOutcome,
  RetryKind,
  TransferOrderRow,
  TransferOrigin,
  TransferRunDetail,
  TransferRunStatus,
  TransferRunSummary,
} from "@/lib/erp/schemas";
import { transferRunStatus } from "@/lib/erp/status";
import { orderMeaning, runResult, type Meaning, type MeaningCounts } from "@/lib/erp/outcomes";
import { filterRuns, type RunFilter } from "@/lib/erp/run-filters";
import { lockOrderMoves, orderStanding, unqueue } from "@/lib/erp/order-guard";

// ERP transfer runs in the console store; no state in memory, so several instances can share one store.

type Conn = Kysely<Database> | Transaction<Database>;

export interface RunActor {
  id: number | null;
  email: string;
  name: string;
}

/** A run's job for the job engine: the job's id is also the run's job_id, its fence. */
export interface RunJob {
  runId: string;
  jobId: string;
}

/** Sent inside the transaction that creates the run: both exist, or neither. */
export type EnqueueRun = (trx: Transaction<Database>, job: RunJob, orderIds?: readonly string[]) => Promise<void>;


export class IdempotencyConflictError extends DomainError {
  constructor(readonly run: ErpTransferRun) {
    super("conflict", "This Idempotency-Key was already used for a different request.", { reason: "idempotency_key_reused", runId: run.id });
  }
}

/** A queue send found nothing waiting: no run is made. */
export class NothingQueuedError extends DomainError {
  constructor() {
    const made = refusal("conflict", { code: "validation.queue.empty" }, { reason: "queue_empty" });
    super(made.code, made.detail, made.extra);
  }
}

const listed = (ids: readonly string[]) => ids.slice(0, 20).join(", ") + (ids.length > 20 ? ", …" : "");

export class InFlightError extends DomainError {
  constructor(orderIds: readonly string[], runOf: ReadonlyMap<string, string>) {
    const runIds = [...new Set(orderIds.map((id) => runOf.get(id)!))];
    const made = refusal("conflict", { code: "validation.erp.inFlight", params: { ids: listed(orderIds) } }, { reason: "already_in_flight", orderIds: orderIds.slice(0, 100), runIds });
    super(made.code, made.detail, made.extra);
  }
}

export class UnknownOutcomeError extends DomainError {
  constructor(orderIds: readonly string[]) {
    const made = refusal("conflict", { code: "validation.erp.outcomeUnknown", params: { ids: listed(orderIds) } }, { reason: "outcome_unknown", orderIds: orderIds.slice(0, 100) });
    super(made.code, made.detail, made.extra);
  }
}

export type RetryRefusal = "parent_not_found" | "parent_running" | "nothing_to_retry" | "already_retried" | "too_many";
// Too many orders is the request's fault (422 on that field), a missing parent a 404 naming parentRunId, the rest the run's state.
const REFUSAL_FIELD: Partial<Record<RetryRefusal, string>> = { too_many: "retry" };

export class RetryRefusedError extends DomainError {
  constructor(
    readonly reason: RetryRefusal,
    params?: Record<string, string>,
  ) {
    const text: TextCode = { code: `validation.erp.retryRefused.${reason}`, ...(params && { params }) };
    const field = REFUSAL_FIELD[reason];
    const made = field
      ? validationFailed({ [field]: [text] }, { detail: englishText(text) })
      : reason === "parent_not_found"
        ? refusal("not_found", text, { reason }, { parentRunId: [text] })
        : refusal("conflict", text, { reason });
    super(made.code, made.detail, made.extra);
  }
}

function requestHash(request: unknown): string {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

async function findByKey(conn: Conn, email: string, key: string) {
  return conn
    .selectFrom("erp_transfer_runs")
    .selectAll()
    .where("created_by_email", "=", email)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

// Already-in-ERP orders are never sent again; rejected ones only when asked for by name (the "send again anyway").
const RETRY_MEANING: Record<RetryKind, Meaning> = { failed: "failed", unsent: "not_sent", unknown: "unknown", rejected: "rejected" };
const RETRY_ORIGIN: Record<RetryKind, TransferOrigin> = { failed: "retry_failed", unsent: "send_unsent", unknown: "resend_unknown", rejected: "resend_rejected" };

export type CreateRunRequest =
  | { orderIds: string[]; origin?: "new" | "api"; confirmUnknown?: boolean; retry?: undefined; parentRunId?: undefined; take?: undefined }
  | { retry: RetryKind; parentRunId: string; orderIds?: undefined; take?: undefined }
  | { take: TakeOrders; origin: TransferOrigin; orderIds?: undefined; retry?: undefined; parentRunId?: undefined };

/** Picks the run's ids inside the run's own transaction (the order queue), so a rollback puts them back. */
export type TakeOrders = (trx: Transaction<Database>) => Promise<string[]>;

export interface CreateRunInput {
  actor: RunActor;
  idempotencyKey: string;
  request: CreateRunRequest;
  batchSize: number;
  maxOrdersPerRun: number;
  enqueue: EnqueueRun;
  now?: Date;
}

export async function createTransferRun(
  conn: Kysely<Database>,
  input: CreateRunInput,
): Promise<{ run: ErpTransferRun; created: boolean }> {
  const hash = requestHash({
    orderIds: input.request.orderIds ?? null,
    retry: input.request.retry ?? null,
    parentRunId: input.request.parentRunId ?? null,
    ...(input.request.take && { queue: input.request.origin }),
  });
  const existing = await findByKey(conn, input.actor.email, input.idempotencyKey);
  if (existing) return sameRequest(existing, hash);

  try {
    const made = await conn.transaction().execute(async (trx): Promise<{ run: ErpTransferRun; created: boolean } | { nothing: true }> => {
      const raced = await findByKey(trx, input.actor.email, input.idempotencyKey);
      if (raced) return sameRequest(raced, hash);

      await lockOrderMoves(trx);
      let orderIds: string[];
      let origin: TransferOrigin = "new";
      let parentRunId: string | null = null;
      let retriedPositions: number[] = [];
      if (input.request.retry) {
        const parent = await trx.selectFrom("erp_transfer_runs").selectAll().where("id", "=", input.request.parentRunId).executeTakeFirst();
        if (!parent) throw new RetryRefusedError("parent_not_found");
        if (parent.state === "queued" || parent.state === "running") {
          throw new RetryRefusedError("parent_running");
        }
        const rows = await ordersOf(trx, parent.id)
          .select(["o.position", "o.order_id", "o.retried_in"])
          .where(MEANING, "=", RETRY_MEANING[input.request.retry])
          .orderBy("o.position")
          .execute();
        const open = rows.filter((r) => r.retried_in === null);
        orderIds = open.map((r) => r.order_id);
        retriedPositions = open.map((r) => r.position);
        if (orderIds.length === 0) {
          throw rows.length > 0
            ? new RetryRefusedError("already_retried")
            : new RetryRefusedError("nothing_to_retry");
        }
        if (orderIds.length > input.maxOrdersPerRun) {
          throw new RetryRefusedError("too_many", { max: String(input.maxOrdersPerRun) });
        }
        origin = RETRY_ORIGIN[input.request.retry];
        parentRunId = parent.id;
      } else if (input.request.take) {
        orderIds = await input.request.take(trx);
        if (orderIds.length === 0) throw new NothingQueuedError();
        origin = input.request.origin;
      } else {
        orderIds = input.request.orderIds;
        origin = input.request.origin ?? "new";
      }

      // Judged under the lock: an id on its way in another run is never carried twice; one already in the ERP goes on the record, not on the wire.
      const standing = await orderStanding(trx, orderIds);
      const flying = orderIds.filter((id) => standing.inFlight.has(id));
      if (input.request.orderIds) {
        if (flying.length > 0) throw new InFlightError(flying, standing.inFlight);
        const unsure = orderIds.filter((id) => standing.unknown.has(id));
        if (unsure.length > 0 && !input.request.confirmUnknown) throw new UnknownOutcomeError(unsure);
      }
      if (flying.length > 0) {
        const keep = orderIds.map((id) => !standing.inFlight.has(id));
        retriedPositions = retriedPositions.filter((_, i) => keep[i]);
        orderIds = orderIds.filter((_, i) => keep[i]);
        if (orderIds.length === 0) {
          if (input.request.retry) throw new InFlightError(flying, standing.inFlight);
          return { nothing: true as const };
        }
      }
      await unqueue(trx, orderIds);
      const toSend = orderIds.filter((id) => !standing.inErp.has(id));
      const recorded = orderIds.filter((id) => standing.inErp.has(id));

      const now = input.now ?? new Date();
      const run: ErpTransferRun = {
        id: randomUUID(),
        created_at: now,
        created_by_id: input.actor.id,
        created_by_email: input.actor.email,
        created_by_name: input.actor.name,
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        parent_run_id: parentRunId,
        origin,
        state: "queued",
        batch_size: input.batchSize,
        total_orders: orderIds.length,
        total_batches: batchCount(toSend.length, input.batchSize),
        batches_done: 0,
        transferred_count: 0,
        not_transferred_count: recorded.length,
        unknown_count: 0,
        pending_count: toSend.length,
        sending_count: 0,
        already_count: recorded.length,
        rejected_count: 0,
        failed_count: 0,
        sending_from: null,
        sending_to: null,
        transferred_through: 0,
        started_at: null,
        finished_at: null,
        job_id: randomUUID(),
        stop_requested_at: null,
        stop_requested_by: null,
      };
      await trx.insertInto("erp_transfer_runs").values(run).execute();
      // One statement with the ids as one array parameter: far cheaper to parse and plan than rows of values.
      await sql`
        insert into erp_transfer_orders (run_id, position, order_id, batch, outcome)
        select ${run.id}, t.position, t.order_id, (t.position + ${input.batchSize} - 1) / ${input.batchSize}, 'pending'
        from unnest(${toSend}::text[]) with ordinality as t(order_id, position)
      `.execute(trx);
      if (recorded.length > 0) {
        await sql`
          insert into erp_transfer_orders (run_id, position, order_id, batch, outcome, reason_code, meaning, updated_at)
          select ${run.id}, ${toSend.length} + t.position, t.order_id, 0, 'not_transferred', 'transferred_before', 'already_in_erp', ${now}
          from unnest(${recorded}::text[]) with ordinality as t(order_id, position)
        `.execute(trx);
      }
      if (parentRunId !== null) {
        // A concurrent retry (another instance) that claimed some first leaves fewer rows: refused.
        const claimed = await trx
          .updateTable("erp_transfer_orders")
          .set({ retried_in: run.id })
          .where("run_id", "=", parentRunId)
          .where(sql<boolean>`position = any(${retriedPositions}::int[])`)
          .where("retried_in", "is", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== retriedPositions.length) {
          throw new RetryRefusedError("already_retried");
        }
      }
      await input.enqueue(trx, { runId: run.id, jobId: run.job_id! }, toSend);
      return { run, created: true };
    });
    // Every id the queue gave was on its way elsewhere: they leave the queue (committed), and nothing is made.
    if ("nothing" in made) throw new NothingQueuedError();
    return made;
  } catch (error) {
    // A concurrent request with the same key won the unique index.
    const winner = await findByKey(conn, input.actor.email, input.idempotencyKey);
    if (winner && !(error instanceof RetryRefusedError)) return sameRequest(winner, hash);
    throw error;
  }
}

function sameRequest(run: ErpTransferRun, hash: string): { run: ErpTransferRun; created: boolean } {
  if (run.request_hash !== hash) throw new IdempotencyConflictError(run);
  return { run, created: false };
}

export async function getRun(conn: Conn, id: string): Promise<ErpTransferRun | undefined> {
  return conn.selectFrom("erp_transfer_runs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Only exceptions are written: pending at or below `transferred_through` reads as transferred, in the batch in flight as sending. */
const OUTCOME = sql<ErpOrderOutcome>`case
  when o.outcome <> 'pending' then o.outcome
  when o.position <= r.transferred_through then 'transferred'
  when o.position between r.sending_from and r.sending_to then 'sending'
  else 'pending' end`;

export const MEANING = sql<Meaning>`case
  when o.outcome = 'pending' and o.position <= r.transferred_through then 'transferred'
  when o.outcome = 'pending' and o.position between r.sending_from and r.sending_to then 'sending'
  when o.outcome = 'pending' then 'not_sent'
  when o.outcome in ('transferred', 'sending', 'unknown') then o.outcome
  else coalesce(o.meaning, 'failed') end`;

function ordersOf(conn: Conn, runId: string) {
  return conn
    .selectFrom("erp_transfer_orders as o")
    .innerJoin("erp_transfer_runs as r", "r.id", "o.run_id")
    .where("o.run_id", "=", runId);
}

const ORDER_COLUMNS = ["o.run_id", "o.position", "o.order_id", "o.batch", "o.reason", "o.reason_code", "o.updated_at", "o.retried_in"] as const;

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

/** One round trip per batch boundary, fenced on the job; transferred orders are not written, the run's mark moves past them. */
export async function settleBatch(
  conn: Conn,
  input: { runId: string; jobId: string; done: readonly OrderOutcomeRow[]; inFlight: readonly ClaimedBatch[]; added: number; now?: Date },
): Promise<{ held: boolean }> {
  const { runId, jobId, done, inFlight, added } = input;
  const at = input.now ?? new Date();
  const count = (o: OrderOutcomeRow["outcome"]) => done.filter((r) => r.outcome === o).length;
  const meanings = done.map((r) => orderMeaning(r));
  const meant = (m: Meaning) => meanings.filter((x) => x === m).length;
  const high = done.length ? Math.max(...done.map((r) => r.position)) : 0;
  const exceptions = done.filter((r) => r.outcome !== "transferred");
  const rowsOf = (batches: readonly ClaimedBatch[]) => batches.reduce((n, b) => n + b.rows.length, 0);
  const sending = rowsOf(inFlight);
  const newlySending = rowsOf(inFlight.slice(inFlight.length - added));
  const oldest = inFlight[0];
  const newest = inFlight[inFlight.length - 1];
  const run = sql`
    update erp_transfer_runs r
    set batches_done = r.batches_done + ${done.length > 0 ? 1 : 0},
        sending_count = ${sending},
        sending_from = ${oldest ? oldest.rows[0]!.position : null}::int,
        sending_to = ${newest ? newest.rows[newest.rows.length - 1]!.position : null}::int,
        pending_count = r.pending_count - ${newlySending},
        transferred_through = greatest(r.transferred_through, ${high}),
        transferred_count = r.transferred_count + ${count("transferred")},
        not_transferred_count = r.not_transferred_count + ${count("not_transferred")},
        unknown_count = r.unknown_count + ${count("unknown")},
        already_count = r.already_count + ${meant("already_in_erp")},
        rejected_count = r.rejected_count + ${meant("rejected")},
        failed_count = r.failed_count + ${meant("failed")}`;
  const fenced = sql`r.id = ${runId} and r.job_id = ${jobId} and r.state in ('queued', 'running')`;
  if (exceptions.length === 0) {
    const updated = await sql<{ id: string }>`${run} where ${fenced} returning r.id`.execute(conn);
    return { held: updated.rows.length > 0 };
  }
  const executed = await sql<{ held: number }>`
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
      ${run} from fence where r.id = fence.id returning r.id
    )
    select (select count(*) from counted)::int as held
  `.execute(conn);
  return { held: (executed.rows[0]?.held ?? 0) > 0 };
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

export function toOrderRow(row: Omit<ErpTransferOrder, "meaning">): TransferOrderRow {
  return {
    position: row.position,
    orderId: row.order_id,
    batch: row.batch,
    outcome: row.outcome,
    reason: row.reason,
    reasonCode: row.reason_code,
    meaning: orderMeaning({ outcome: row.outcome, reason: row.reason, reasonCode: row.reason_code }),
    retriedIn: row.retried_in,
  };
}

export async function listRunOrders(
  conn: Conn,
  runId: string,
  q: { outcome?: OrderOutcome; page: number; limit: number },
): Promise<{ items: TransferOrderRow[]; total: number }> {
  let base = ordersOf(conn, runId);
  if (q.outcome) base = base.where(OUTCOME, "=", q.outcome);
  // Unfiltered, the run row knows the total (no count over its orders on every poll).
  const [{ total } = { total: 0 }] = q.outcome
    ? await base.select((eb) => eb.fn.countAll<number>().as("total")).execute()
    : await conn.selectFrom("erp_transfer_runs").select("total_orders as total").where("id", "=", runId).execute();
  const rows = await base
    .select([...ORDER_COLUMNS, OUTCOME.as("outcome")])
    .orderBy("o.position")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toOrderRow), total: Number(total) };
}

export async function* iterateRunOrders(conn: Conn, runId: string, outcome?: OrderOutcome, chunk = 1000): AsyncGenerator<TransferOrderRow[]> {
  let after = 0;
  for (;;) {
    let q = ordersOf(conn, runId).select([...ORDER_COLUMNS, OUTCOME.as("outcome")]).where("o.position", ">", after);
    if (outcome) q = q.where(OUTCOME, "=", outcome);
    const rows = await q.orderBy("o.position").limit(chunk).execute();
    if (rows.length === 0) return;
    yield rows.map(toOrderRow);
    after = rows[rows.length - 1]!.position;
    if (rows.length < chunk) return;
  }
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
