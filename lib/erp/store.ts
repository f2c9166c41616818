import { createHash, randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ErpImportRun, ErpOrderOutcome, ErpTransferOrder, ErpTransferRun } from "@/lib/db/schema";
import { DomainError } from "@/lib/rules/problems";
import { batchCount } from "@/lib/erp/order-ids";
import type {
  ImportKindName,
  ImportRunRow,
  OrderOutcome,
  RetryKind,
  TransferOrderRow,
  TransferOrigin,
  TransferRunDetail,
  TransferRunStatus,
  TransferRunSummary,
} from "@/lib/erp/schemas";
import { transferRunStatus } from "@/lib/erp/status";

// ERP runs and imports in the console store; no state in memory, so several instances can share one store.

type Conn = Kysely<Database> | Transaction<Database>;

export interface RunActor {
  id: number | null;
  email: string;
  name: string;
}

export interface RunnerInstance {
  name: string;
  boot: string;
}

export const ownerId = (instance: RunnerInstance) => `${instance.name}#${instance.boot}`;
const ownerName = (owner: string) => owner.slice(0, owner.lastIndexOf("#"));

export const STALE_AFTER_MS = 60_000;

const INSERT_CHUNK = 500;

export class IdempotencyConflictError extends DomainError {
  constructor(readonly run: ErpTransferRun) {
    super("conflict", "This Idempotency-Key was already used for a different request.", { reason: "idempotency_key_reused", runId: run.id });
  }
}

export type RetryRefusal = "parent_not_found" | "parent_running" | "nothing_to_retry" | "already_retried" | "too_many";
// A missing parent or too many orders are the request's fault (422 on that field), the rest the run's state.
const REFUSAL_FIELD: Partial<Record<RetryRefusal, string>> = { parent_not_found: "parentRunId", too_many: "retry" };

export class RetryRefusedError extends DomainError {
  constructor(
    readonly reason: RetryRefusal,
    message: string,
  ) {
    const field = REFUSAL_FIELD[reason];
    super(field ? "validation_failed" : "conflict", message, field ? { errors: { [field]: [message] } } : { reason });
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

const RETRY_OUTCOME: Record<RetryKind, ErpOrderOutcome> = { failed: "not_transferred", unsent: "pending", unknown: "unknown" };
const RETRY_ORIGIN: Record<RetryKind, TransferOrigin> = { failed: "retry_failed", unsent: "send_unsent", unknown: "resend_unknown" };

export type CreateRunRequest =
  | { orderIds: string[]; retry?: undefined; parentRunId?: undefined }
  | { retry: RetryKind; parentRunId: string; orderIds?: undefined };

export interface CreateRunInput {
  actor: RunActor;
  idempotencyKey: string;
  request: CreateRunRequest;
  batchSize: number;
  maxOrdersPerRun: number;
  owner: RunnerInstance;
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
  });
  const existing = await findByKey(conn, input.actor.email, input.idempotencyKey);
  if (existing) return sameRequest(existing, hash);

  try {
    return await conn.transaction().execute(async (trx) => {
      const raced = await findByKey(trx, input.actor.email, input.idempotencyKey);
      if (raced) return sameRequest(raced, hash);

      let orderIds: string[];
      let origin: TransferOrigin = "new";
      let parentRunId: string | null = null;
      if (input.request.retry) {
        const parent = await trx.selectFrom("erp_transfer_runs").selectAll().where("id", "=", input.request.parentRunId).executeTakeFirst();
        if (!parent) throw new RetryRefusedError("parent_not_found", "The run to retry does not exist.");
        if (parent.state === "queued" || parent.state === "running") {
          throw new RetryRefusedError("parent_running", "The run is still running; retry when it has finished.");
        }
        const rows = await trx
          .selectFrom("erp_transfer_orders")
          .select(["order_id", "retried_in"])
          .where("run_id", "=", parent.id)
          .where("outcome", "=", RETRY_OUTCOME[input.request.retry])
          .orderBy("position")
          .execute();
        orderIds = rows.filter((r) => r.retried_in === null).map((r) => r.order_id);
        if (orderIds.length === 0) {
          throw rows.length > 0
            ? new RetryRefusedError("already_retried", "These orders were already sent again in a later run.")
            : new RetryRefusedError("nothing_to_retry", "The run has no such orders to send again.");
        }
        if (orderIds.length > input.maxOrdersPerRun) {
          throw new RetryRefusedError("too_many", `More than ${input.maxOrdersPerRun} orders; the configured maximum per run.`);
        }
        origin = RETRY_ORIGIN[input.request.retry];
        parentRunId = parent.id;
      } else {
        orderIds = input.request.orderIds;
      }

      const now = (input.now ?? new Date()).toISOString();
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
        total_batches: batchCount(orderIds.length, input.batchSize),
        batches_done: 0,
        transferred_count: 0,
        not_transferred_count: 0,
        unknown_count: 0,
        pending_count: orderIds.length,
        sending_count: 0,
        started_at: null,
        finished_at: null,
        owner_instance: ownerId(input.owner),
        heartbeat_at: now,
      };
      await trx.insertInto("erp_transfer_runs").values(run).execute();
      for (let start = 0; start < orderIds.length; start += INSERT_CHUNK) {
        await trx
          .insertInto("erp_transfer_orders")
          .values(
            orderIds.slice(start, start + INSERT_CHUNK).map((orderId, i) => {
              const position = start + i + 1;
              return {
                run_id: run.id,
                position,
                order_id: orderId,
                batch: Math.ceil(position / input.batchSize),
                outcome: "pending" as const,
                reason: null,
                reason_code: null,
                updated_at: null,
              };
            }),
          )
          .execute();
      }
      if (parentRunId !== null) {
        // A concurrent retry (another instance) that claimed some first leaves fewer rows: refused.
        const claimed = await trx
          .updateTable("erp_transfer_orders")
          .set({ retried_in: run.id })
          .where("run_id", "=", parentRunId)
          .where("outcome", "=", RETRY_OUTCOME[input.request.retry!])
          .where("retried_in", "is", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== orderIds.length) {
          throw new RetryRefusedError("already_retried", "These orders were already sent again in a later run.");
        }
      }
      return { run, created: true };
    });
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

export async function refreshCounts(conn: Conn, runId: string): Promise<void> {
  const rows = await conn
    .selectFrom("erp_transfer_orders")
    .select(["outcome", (eb) => eb.fn.countAll<number>().as("n")])
    .where("run_id", "=", runId)
    .groupBy("outcome")
    .execute();
  const n = (o: ErpOrderOutcome) => Number(rows.find((r) => r.outcome === o)?.n ?? 0);
  await conn
    .updateTable("erp_transfer_runs")
    .set({
      transferred_count: n("transferred"),
      not_transferred_count: n("not_transferred"),
      unknown_count: n("unknown"),
      pending_count: n("pending"),
      sending_count: n("sending"),
    })
    .where("id", "=", runId)
    .execute();
}

/** Interrupts runs whose owner stopped: an earlier boot of this instance, a silent owner, or this process when its runner failed. */
export async function recoverStoppedRuns(
  conn: Kysely<Database>,
  me: RunnerInstance,
  options: {
    now?: Date;
    staleAfterMs?: number;
    workingOn?: (runId: string) => boolean;
  } = {},
): Promise<ErpTransferRun[]> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? STALE_AFTER_MS)).toISOString();
  const mine = ownerId(me);
  const active = await conn
    .selectFrom("erp_transfer_runs")
    .selectAll()
    .where("state", "in", ["queued", "running"])
    .execute();
  const workingOn = options.workingOn ?? (() => true);
  const stopped = active.filter((r) => {
    const stale = (r.heartbeat_at ?? "") < staleBefore;
    if (r.owner_instance === mine) return stale && !workingOn(r.id);
    return r.owner_instance === null || ownerName(r.owner_instance) === me.name || stale;
  });
  const interrupted: ErpTransferRun[] = [];
  for (const run of stopped) {
    const done = await interruptRun(conn, run, now);
    if (done) interrupted.push(done);
  }
  return interrupted;
}

export async function interruptRun(conn: Kysely<Database>, run: ErpTransferRun, now = new Date()): Promise<ErpTransferRun | null> {
  return conn.transaction().execute(async (trx) => {
    let claim = trx
      .updateTable("erp_transfer_runs")
      .set({ state: "interrupted", finished_at: run.heartbeat_at ?? now.toISOString(), owner_instance: null })
      .where("id", "=", run.id)
      .where("state", "=", run.state);
    claim = run.owner_instance === null ? claim.where("owner_instance", "is", null) : claim.where("owner_instance", "=", run.owner_instance);
    claim = run.heartbeat_at === null ? claim.where("heartbeat_at", "is", null) : claim.where("heartbeat_at", "=", run.heartbeat_at);
    const result = await claim.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    await trx
      .updateTable("erp_transfer_orders")
      .set({ outcome: "unknown", reason: null, reason_code: "interrupted", updated_at: now.toISOString() })
      .where("run_id", "=", run.id)
      .where("outcome", "=", "sending")
      .execute();
    await refreshCounts(trx, run.id);
    return (await getRun(trx, run.id)) ?? null;
  });
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
  const end = row.finished_at ? Date.parse(row.finished_at) : now.getTime();
  return {
    id: row.id,
    createdAt: row.created_at,
    createdBy: { id: row.created_by_id, email: row.created_by_email, name: row.created_by_name },
    parentRunId: row.parent_run_id,
    origin: row.origin,
    state: row.state,
    status: transferRunStatus(row.state, counts),
    batchSize: row.batch_size,
    totalBatches: row.total_batches,
    batchesDone: row.batches_done,
    counts,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: Math.max(0, end - Date.parse(row.created_at)),
  };
}

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
  const open = await conn
    .selectFrom("erp_transfer_orders")
    .select(["outcome", (eb) => eb.fn.countAll<number>().as("n")])
    .where("run_id", "=", id)
    .where("outcome", "in", Object.values(RETRY_OUTCOME))
    .where("retried_in", "is", null)
    .groupBy("outcome")
    .execute();
  const left = (kind: RetryKind) => Number(open.find((r) => r.outcome === RETRY_OUTCOME[kind])?.n ?? 0);
  return {
    ...toRunSummary(row, now),
    parent: parent ? { id: parent.id, createdAt: parent.created_at, status: toRunSummary(parent, now).status } : null,
    children: children.map((c) => ({ id: c.id, createdAt: c.created_at, origin: c.origin, status: toRunSummary(c, now).status })),
    retryable: { failed: left("failed"), unsent: left("unsent"), unknown: left("unknown") },
  };
}

export function toOrderRow(row: ErpTransferOrder): TransferOrderRow {
  return {
    position: row.position,
    orderId: row.order_id,
    batch: row.batch,
    outcome: row.outcome,
    reason: row.reason,
    reasonCode: row.reason_code,
    retriedIn: row.retried_in,
  };
}

export async function listRunOrders(
  conn: Conn,
  runId: string,
  q: { outcome?: OrderOutcome; page: number; limit: number },
): Promise<{ items: TransferOrderRow[]; total: number }> {
  let base = conn.selectFrom("erp_transfer_orders").where("run_id", "=", runId);
  if (q.outcome) base = base.where("outcome", "=", q.outcome);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await base
    .selectAll()
    .orderBy("position")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toOrderRow), total: Number(total) };
}

export async function* iterateRunOrders(conn: Conn, runId: string, outcome?: OrderOutcome, chunk = 1000): AsyncGenerator<TransferOrderRow[]> {
  let after = 0;
  for (;;) {
    let q = conn.selectFrom("erp_transfer_orders").selectAll().where("run_id", "=", runId).where("position", ">", after);
    if (outcome) q = q.where("outcome", "=", outcome);
    const rows = await q.orderBy("position").limit(chunk).execute();
    if (rows.length === 0) return;
    yield rows.map(toOrderRow);
    after = rows[rows.length - 1]!.position;
    if (rows.length < chunk) return;
  }
}

export async function listRuns(
  conn: Conn,
  q: { status?: TransferRunStatus; by?: string; page: number; limit: number },
  now = new Date(),
): Promise<{ items: TransferRunSummary[]; total: number }> {
  let base = conn.selectFrom("erp_transfer_runs");
  if (q.by) base = base.where("created_by_email", "=", q.by);
  switch (q.status) {
    case "running":
      base = base.where("state", "in", ["queued", "running"]);
      break;
    case "interrupted":
      base = base.where("state", "=", "interrupted");
      break;
    case "all_transferred":
      base = base.where("state", "=", "completed").where(sql<boolean>`transferred_count = total_orders`);
      break;
    case "with_failures":
      base = base.where("state", "=", "completed").where(sql<boolean>`transferred_count < total_orders`);
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

export function toImportRow(row: ErpImportRun): ImportRunRow {
  return {
    id: row.id,
    kind: row.kind,
    startedAt: row.started_at,
    startedBy: { id: row.started_by_id, email: row.started_by_email, name: row.started_by_name },
    outcome: row.outcome,
    message: row.message,
    errorCode: row.error_code,
    errorDetail: row.error_detail,
    mayHaveActed: row.may_have_acted === 1,
    repeatConfirmed: row.repeat_confirmed === 1,
    finishedAt: row.finished_at,
  };
}

/** Records a pending attempt unless the same import may have started within the window; one transaction, so a double click starts one. */
export async function beginImport(
  conn: Kysely<Database>,
  input: { kind: ImportKindName; actor: RunActor; confirmRepeat: boolean; windowMinutes: number; now?: Date },
): Promise<{ ok: true; run: ErpImportRun } | { ok: false; last: ErpImportRun }> {
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - input.windowMinutes * 60_000).toISOString();
  return conn.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("erp_import_runs")
      .selectAll()
      .where("kind", "=", input.kind)
      .where("started_at", ">=", since)
      .where((eb) =>
        eb.or([eb("outcome", "in", ["pending", "started"]), eb.and([eb("outcome", "=", "failed"), eb("may_have_acted", "=", 1)])]),
      )
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last && !input.confirmRepeat) return { ok: false as const, last };
    const inserted = await trx
      .insertInto("erp_import_runs")
      .values({
        kind: input.kind,
        started_at: now.toISOString(),
        started_by_id: input.actor.id,
        started_by_email: input.actor.email,
        started_by_name: input.actor.name,
        outcome: "pending",
        message: null,
        error_code: null,
        error_detail: null,
        may_have_acted: 0,
        repeat_confirmed: last && input.confirmRepeat ? 1 : 0,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true as const, run: inserted };
  });
}

export async function finishImport(
  conn: Kysely<Database>,
  id: number,
  result:
    | { outcome: "started"; message: string }
    | { outcome: "failed"; message: string | null; errorCode: string; errorDetail: string; mayHaveActed: boolean },
  now = new Date(),
): Promise<ErpImportRun> {
  return conn
    .updateTable("erp_import_runs")
    .set(
      result.outcome === "started"
        ? { outcome: "started", message: result.message, finished_at: now.toISOString() }
        : {
            outcome: "failed",
            message: result.message,
            error_code: result.errorCode,
            error_detail: result.errorDetail,
            may_have_acted: result.mayHaveActed ? 1 : 0,
            finished_at: now.toISOString(),
          },
    )
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listImports(
  conn: Kysely<Database>,
  q: { kind?: ImportKindName; page: number; limit: number },
): Promise<{ items: ImportRunRow[]; total: number }> {
  let base = conn.selectFrom("erp_import_runs");
  if (q.kind) base = base.where("kind", "=", q.kind);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await base
    .selectAll()
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toImportRow), total: Number(total) };
}

export async function latestImports(conn: Kysely<Database>): Promise<Record<ImportKindName, ImportRunRow | null>> {
  const out: Record<ImportKindName, ImportRunRow | null> = { products: null, prices: null, stock: null };
  for (const kind of Object.keys(out) as ImportKindName[]) {
    const row = await conn
      .selectFrom("erp_import_runs")
      .selectAll()
      .where("kind", "=", kind)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    out[kind] = row ? toImportRow(row) : null;
  }
  return out;
}
