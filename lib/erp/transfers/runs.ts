import { createHash, randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { IdempotencyConflictError, InFlightError, NothingQueuedError, RetryRefusedError, UnknownOutcomeError } from "@/lib/erp/transfers/run-errors";
import { batchCount } from "@/lib/erp/transfers/order-ids";
import type { RetryKind, TransferOrigin } from "@/lib/erp/transfers/schemas";
import { lockOrderMoves, orderStanding, unqueue } from "@/lib/erp/transfers/order-guard";
import { MEANING, ordersOf, RETRY_MEANING } from "@/lib/erp/transfers/orders";

// ERP transfer runs in the console store; no state in memory, so several instances can share one store.

export { IdempotencyConflictError, InFlightError, NothingQueuedError, RetryRefusedError, UnknownOutcomeError, type RetryRefusal } from "@/lib/erp/transfers/run-errors";

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
  /** Traceparents of the queue pushes whose orders the run carries: its span links to them. */
  links?: string[];
}

/** Sent inside the transaction that creates the run: both exist, or neither. */
export type EnqueueRun = (trx: Transaction<Database>, job: RunJob, orderIds?: readonly string[]) => Promise<void>;


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

const RETRY_ORIGIN: Record<RetryKind, TransferOrigin> = { failed: "retry_failed", unsent: "send_unsent", unknown: "resend_unknown", rejected: "resend_rejected" };

export interface OrderChannelData {
  source: string | null;
  orderDate: Date | null;
  packageId: string | null;
  firstSeenAt: Date | null;
}
export type TakenOrder = OrderChannelData & { orderId: string };
export type OrderChannels = ReadonlyMap<string, OrderChannelData>;

export type CreateRunRequest =
  | { orderIds: string[]; origin?: "new" | "api"; confirmUnknown?: boolean; channels?: OrderChannels; retry?: undefined; parentRunId?: undefined; take?: undefined }
  | { retry: RetryKind; parentRunId: string; orderIds?: undefined; take?: undefined }
  | { take: TakeOrders; origin: TransferOrigin; orderIds?: undefined; retry?: undefined; parentRunId?: undefined };

/** Picks the run's ids inside the run's own transaction (the order queue), so a rollback puts them back. */
export type TakeOrders = (trx: Transaction<Database>) => Promise<string[] | { orders: TakenOrder[]; traceparents: string[] }>;

export interface CreateRunInput {
  actor: RunActor;
  idempotencyKey: string;
  request: CreateRunRequest;
  batchSize: number;
  maxOrdersPerRun: number;
  enqueue: EnqueueRun;
  now?: Date;
  /** Batches per minute (lib/erp/transfers/pace.ts); absent sends as fast as the platform answers. */
  pace?: number | null;
}


type Made = { run: ErpTransferRun; created: boolean };

interface Picked {
  orderIds: string[];
  traceparents?: string[];
  origin: TransferOrigin;
  parentRunId: string | null;
  retriedPositions: number[];
  channels?: OrderChannels;
}

interface Judged extends Picked {
  toSend: string[];
  recorded: string[];
}

export async function createTransferRun(conn: Kysely<Database>, input: CreateRunInput): Promise<Made> {
  const hash = requestHash({
    orderIds: input.request.orderIds ?? null,
    retry: input.request.retry ?? null,
    parentRunId: input.request.parentRunId ?? null,
    ...(input.request.take && { queue: input.request.origin }),
  });
  const existing = await findByKey(conn, input.actor.email, input.idempotencyKey);
  if (existing) return sameRequest(existing, hash);

  try {
    const made = await conn.transaction().execute(async (trx): Promise<Made | { nothing: true }> => {
      const raced = await findByKey(trx, input.actor.email, input.idempotencyKey);
      if (raced) return sameRequest(raced, hash);

      await lockOrderMoves(trx);
      const judged = await judgeOrders(trx, input.request, await pickOrders(trx, input));
      if (!judged) return { nothing: true as const };
      const run = await insertRun(trx, input, hash, judged);
      if (judged.parentRunId !== null) await claimRetried(trx, run.id, judged.parentRunId, judged.retriedPositions);
      const links = [...new Set(judged.traceparents ?? [])].slice(0, 32);
      await input.enqueue(trx, { runId: run.id, jobId: run.job_id!, ...(links.length > 0 && { links }) }, judged.toSend);
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

async function pickOrders(trx: Transaction<Database>, input: CreateRunInput): Promise<Picked> {
  const { request } = input;
  if (request.retry) return pickRetried(trx, request.retry, request.parentRunId, input.maxOrdersPerRun);
  if (request.take) {
    const taken = await request.take(trx);
    const { orders, traceparents } = Array.isArray(taken) ? { orders: taken.map((orderId) => ({ orderId, source: null, orderDate: null, packageId: null, firstSeenAt: null })), traceparents: [] } : taken;
    if (orders.length === 0) throw new NothingQueuedError();
    return { orderIds: orders.map((o) => o.orderId), traceparents, origin: request.origin, parentRunId: null, retriedPositions: [], channels: new Map(orders.map(({ orderId, ...c }) => [orderId, c])) };
  }
  return { orderIds: request.orderIds, origin: request.origin ?? "new", parentRunId: null, retriedPositions: [], channels: request.channels };
}

async function pickRetried(trx: Transaction<Database>, retry: RetryKind, parentRunId: string, maxOrdersPerRun: number): Promise<Picked> {
  const parent = await trx.selectFrom("erp_transfer_runs").selectAll().where("id", "=", parentRunId).executeTakeFirst();
  if (!parent) throw new RetryRefusedError("parent_not_found");
  if (parent.state === "queued" || parent.state === "running") {
    throw new RetryRefusedError("parent_running");
  }
  const rows = await ordersOf(trx, parent.id)
    .select(["o.position", "o.order_id", "o.retried_in", ...CHANNEL_COLUMNS])
    .where(MEANING, "=", RETRY_MEANING[retry])
    .orderBy("o.position")
    .execute();
  const open = rows.filter((r) => r.retried_in === null);
  const orderIds = open.map((r) => r.order_id);
  if (orderIds.length === 0) {
    throw rows.length > 0
      ? new RetryRefusedError("already_retried")
      : new RetryRefusedError("nothing_to_retry");
  }
  if (orderIds.length > maxOrdersPerRun) {
    throw new RetryRefusedError("too_many", { max: String(maxOrdersPerRun) });
  }
  return { orderIds, origin: RETRY_ORIGIN[retry], parentRunId: parent.id, retriedPositions: open.map((r) => r.position), channels: channelsOfRows(open) };
}

/** Null when nothing is left to send (a queue send whose ids were all on their way elsewhere). */
async function judgeOrders(trx: Transaction<Database>, request: CreateRunRequest, picked: Picked): Promise<Judged | null> {
  let { orderIds, retriedPositions } = picked;
  // Judged under the lock: an id on its way in another run is never carried twice; one already in the ERP goes on the record, not on the wire.
  const standing = await orderStanding(trx, orderIds);
  const flying = orderIds.filter((id) => standing.inFlight.has(id));
  if (request.orderIds) {
    if (flying.length > 0) throw new InFlightError(flying, standing.inFlight);
    const unsure = orderIds.filter((id) => standing.unknown.has(id));
    if (unsure.length > 0 && !request.confirmUnknown) throw new UnknownOutcomeError(unsure);
  }
  if (flying.length > 0) {
    const keep = orderIds.map((id) => !standing.inFlight.has(id));
    retriedPositions = retriedPositions.filter((_, i) => keep[i]);
    orderIds = orderIds.filter((_, i) => keep[i]);
    if (orderIds.length === 0) {
      if (request.retry) throw new InFlightError(flying, standing.inFlight);
      return null;
    }
  }
  await unqueue(trx, orderIds);
  const toSend = orderIds.filter((id) => !standing.inErp.has(id));
  const recorded = orderIds.filter((id) => standing.inErp.has(id));
  return { ...picked, orderIds, retriedPositions, toSend, recorded };
}

async function insertRun(trx: Transaction<Database>, input: CreateRunInput, hash: string, judged: Judged): Promise<ErpTransferRun> {
  const { orderIds, toSend, recorded } = judged;
  const now = input.now ?? new Date();
  const run: ErpTransferRun = {
    id: randomUUID(),
    created_at: now,
    created_by_id: input.actor.id,
    created_by_email: input.actor.email,
    created_by_name: input.actor.name,
    idempotency_key: input.idempotencyKey,
    request_hash: hash,
    parent_run_id: judged.parentRunId,
    origin: judged.origin,
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
    pace_per_minute: input.pace ?? null,
  };
  await trx.insertInto("erp_transfer_runs").values(run).execute();
  // One statement with the ids as one array parameter: far cheaper to parse and plan than rows of values.
  const c = judged.channels;
  if (c && c.size > 0) {
    const of = (id: string) => c.get(id);
    await sql`
      insert into erp_transfer_orders (run_id, position, order_id, batch, outcome, source, order_date, package_id, first_seen_at)
      select ${run.id}, t.position, t.order_id, (t.position + ${input.batchSize} - 1) / ${input.batchSize}, 'pending', t.source, t.order_date, t.package_id, t.first_seen_at
      from unnest(${toSend}::text[], ${toSend.map((id) => of(id)?.source ?? null)}::text[], ${toSend.map((id) => of(id)?.orderDate?.toISOString() ?? null)}::timestamptz[],
        ${toSend.map((id) => of(id)?.packageId ?? null)}::text[], ${toSend.map((id) => of(id)?.firstSeenAt?.toISOString() ?? null)}::timestamptz[])
        with ordinality as t(order_id, source, order_date, package_id, first_seen_at, position)
    `.execute(trx);
  } else {
    await sql`
      insert into erp_transfer_orders (run_id, position, order_id, batch, outcome)
      select ${run.id}, t.position, t.order_id, (t.position + ${input.batchSize} - 1) / ${input.batchSize}, 'pending'
      from unnest(${toSend}::text[]) with ordinality as t(order_id, position)
    `.execute(trx);
  }
  if (recorded.length > 0) {
    await sql`
      insert into erp_transfer_orders (run_id, position, order_id, batch, outcome, reason_code, meaning, updated_at)
      select ${run.id}, ${toSend.length} + t.position, t.order_id, 0, 'not_transferred', 'transferred_before', 'already_in_erp', ${now}
      from unnest(${recorded}::text[]) with ordinality as t(order_id, position)
    `.execute(trx);
  }
  return run;
}

async function claimRetried(trx: Transaction<Database>, runId: string, parentRunId: string, retriedPositions: number[]): Promise<void> {
  // A concurrent retry (another instance) that claimed some first leaves fewer rows: refused.
  const claimed = await trx
    .updateTable("erp_transfer_orders")
    .set({ retried_in: runId })
    .where("run_id", "=", parentRunId)
    .where(sql<boolean>`position = any(${retriedPositions}::int[])`)
    .where("retried_in", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== retriedPositions.length) {
    throw new RetryRefusedError("already_retried");
  }
}

export const CHANNEL_COLUMNS = ["o.source", "o.order_date", "o.package_id", sql<Date>`coalesce(o.first_seen_at, r.created_at)`.as("first_seen_at")] as const;

export function channelsOfRows(rows: readonly { order_id: string; source: string | null; order_date: Date | null; package_id: string | null; first_seen_at: Date | null }[]): Map<string, OrderChannelData> {
  return new Map(rows.map((r) => [r.order_id, { source: r.source, orderDate: r.order_date, packageId: r.package_id, firstSeenAt: r.first_seen_at }]));
}

function sameRequest(run: ErpTransferRun, hash: string): Made {
  if (run.request_hash !== hash) throw new IdempotencyConflictError(run);
  return { run, created: false };
}
