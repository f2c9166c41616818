import "server-only";
import { randomUUID } from "node:crypto";
import type { ServiceContext } from "@/lib/audit";
import { getConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { db } from "@/lib/store";
import { upstream } from "@/lib/upstream";
import { DomainError } from "@/lib/rules/problems";
import { refusal } from "@/lib/i18n/validation";
import { handledBetween, orderPlaces } from "@/lib/erp/service";
import { enqueueOrders, type QueueContext } from "@/lib/queue/service";
import type { QueueOrigin } from "@/lib/queue/tables";
import { readPlatformOrders } from "@/lib/reconcile/reader";
import { addExpected, addUnknownToPlatform, assignBuckets, breakdown, bucketIds, bucketPage, failReconciliation, findReconciliation, finishReconciliation, insertReconciliation, reconciliationPage, unsortedIds, type BreakdownRow as StoredBreakdown, type ExpectedOrder } from "@/lib/reconcile/store";
import type { ReconciliationRecord } from "@/lib/reconcile/tables";
import { RECONCILE_MAX_ORDERS, RECONCILE_QUEUE_MAX, RECONCILE_UPLOAD_MAX_BYTES, RECONCILE_UPLOAD_MAX_ROWS, type BreakdownRow, type Bucket, type BucketOrders, type QueueNeverSeenResult, type Reconciliation, type ReconciliationList, type ReconciliationSummary, type StartReconciliationBody, type UploadPreview } from "@/lib/reconcile/schemas";
import { readUpload, type ReadUpload } from "@/lib/reconcile/upload";

export interface ReconcileContext extends ServiceContext {
  actor: QueueContext["actor"];
}

const MINUTE_MS = 60_000;
/** How far before the window the platform is read, so an order created just before it and sent inside it is not unknown to the platform. */
const LOOKBACK_MS = 24 * 60 * MINUTE_MS;
/** A reconciliation still running after this long was cut off (its instance stopped): it reads as failed. */
const STALE_MS = 60 * MINUTE_MS;

const target = (id: string) => ({ type: "reconciliation", id });

export async function startReconciliation(ctx: ReconcileContext, body: StartReconciliationBody, now = new Date(), fileName?: string, scheduleId?: string): Promise<{ id: string; done: Promise<void> }> {
  const { reconcile } = getConfig();
  if (!body.orders && !reconcile.orderList) throw refusal("conflict", { code: "validation.reconcile.listOff" });
  const id = randomUUID();
  const settledBefore = new Date(now.getTime() - reconcile.settleMinutes * MINUTE_MS);
  const conn = await db();
  let work: () => Promise<{ cancelled: number; settling: number; duplicates: number }>;
  if (body.orders) {
    const seen = new Set<string>();
    const expected: ExpectedOrder[] = [];
    let settling = 0;
    for (const o of body.orders) {
      if (seen.has(o.id)) continue;
      seen.add(o.id);
      if (o.orderDate && o.orderDate >= settledBefore) settling++;
      else expected.push({ orderId: o.id, orderDate: o.orderDate ?? null, source: o.source ?? null });
    }
    await conn.transaction().execute(async (trx) => {
      await insertReconciliation(trx, { id, kind: "manifest", created_at: now, created_by_email: ctx.actor.email, created_by_name: ctx.actor.name, window_from: null, window_to: null, settled_before: settledBefore });
      await addExpected(trx, id, expected);
    });
    work = async () => {
      await assignBuckets(conn, id, orderPlaces(unsortedIds(id)));
      return { cancelled: 0, settling, duplicates: body.orders!.length - seen.size };
    };
  } else {
    const from = body.from!;
    const to = body.to!;
    await insertReconciliation(conn, { id, kind: "window", created_at: now, created_by_email: ctx.actor.email, created_by_name: ctx.actor.name, window_from: from, window_to: to, settled_before: settledBefore, schedule_id: scheduleId ?? null });
    work = () => reconcileWindow(id, from, to, settledBefore);
  }
  await ctx.audit({
    action: "erp.reconcile.start",
    target: target(id),
    outcome: "success",
    message: body.orders
      ? fileName
        ? `Reconciliation started for ${body.orders.length} orders of the uploaded file "${fileName}".`
        : `Reconciliation started for a list of ${body.orders.length} orders.`
      : `Reconciliation started${scheduleId ? " by its schedule" : ""} for the platform's orders created from ${body.from!.toISOString()} to ${body.to!.toISOString()}.`,
    details: { scope: body.orders ? (fileName ? "upload" : "manifest") : "window", ...(scheduleId ? { origin: "scheduled", scheduleId } : {}), ...(fileName ? { fileName } : {}), orders: body.orders?.length ?? null, from: body.from?.toISOString() ?? null, to: body.to?.toISOString() ?? null },
  });
  const done = work().then(
    (excluded) => finishReconciliation(conn, id, excluded),
    async (error: unknown) => {
      const message = error instanceof DomainError ? (error.detail ?? error.message) : error instanceof Error ? error.message : String(error);
      log.warn("reconciliation failed", { event: "reconcile.failed", id, error: message });
      await failReconciliation(conn, id, message);
    },
  ).catch((error: unknown) => log.error("reconciliation could not be recorded", { event: "reconcile.record_failed", id, error: String(error) }));
  return { id, done };
}

async function reconcileWindow(id: string, from: Date, to: Date, settledBefore: Date) {
  const conn = await db();
  const client = upstream();
  const listed = await readPlatformOrders(client, from, to, RECONCILE_MAX_ORDERS);
  let cancelled = 0;
  let settling = 0;
  const expected: ExpectedOrder[] = [];
  for (const o of listed) {
    const at = o.createdAt ? new Date(o.createdAt) : null;
    if (o.status?.toLowerCase() === "cancelled") cancelled++;
    else if (at && !Number.isNaN(at.getTime()) && at >= settledBefore) settling++;
    else expected.push({ orderId: o.id, orderDate: at && !Number.isNaN(at.getTime()) ? at : null, source: o.source });
  }
  const before = await readPlatformOrders(client, new Date(from.getTime() - LOOKBACK_MS), from, RECONCILE_MAX_ORDERS);
  await addExpected(conn, id, expected);
  await assignBuckets(conn, id, orderPlaces(unsortedIds(id)));
  await addUnknownToPlatform(conn, id, handledBetween(from, to), [...listed, ...before].map((o) => o.id));
  return { cancelled, settling, duplicates: listed.length - new Set(listed.map((o) => o.id)).size };
}

function toReconciliation(r: ReconciliationRecord, now = new Date()): ReconciliationSummary {
  const stale = r.status === "running" && now.getTime() - r.created_at.getTime() > STALE_MS;
  const done = r.status === "done";
  return {
    id: r.id,
    kind: r.kind,
    status: stale ? "failed" : r.status,
    error: stale ? "The reconciliation was cut off before it finished; start it again." : r.error,
    createdAt: r.created_at.toISOString(),
    createdBy: { email: r.created_by_email, name: r.created_by_name },
    finishedAt: r.finished_at?.toISOString() ?? null,
    from: r.window_from?.toISOString() ?? null,
    to: r.window_to?.toISOString() ?? null,
    settledBefore: r.settled_before.toISOString(),
    total: done ? r.total : null,
    buckets: done ? { inErp: r.in_erp ?? 0, waiting: r.waiting ?? 0, open: r.open ?? 0, neverSeen: r.never_seen ?? 0, unknownToPlatform: r.unknown_to_platform ?? 0 } : null,
    excluded: { cancelled: r.cancelled, settling: r.settling, duplicates: r.duplicates },
  };
}

async function found(id: string): Promise<ReconciliationRecord> {
  const r = await findReconciliation(await db(), id);
  if (!r) throw new DomainError("not_found", "No reconciliation has this id.");
  return r;
}

function rowsOf(stored: readonly StoredBreakdown[]): BreakdownRow[] {
  const rows = new Map<string | null, BreakdownRow>();
  for (const { key, bucket, n } of stored) {
    const row = rows.get(key) ?? { key, total: 0, inErp: 0, waiting: 0, open: 0, neverSeen: 0 };
    row[bucket as "inErp" | "waiting" | "open" | "neverSeen"] += n;
    row.total += n;
    rows.set(key, row);
  }
  return [...rows.values()];
}

export async function getReconciliation(id: string): Promise<Reconciliation> {
  const r = toReconciliation(await found(id));
  if (r.status !== "done") return { ...r, byDay: null, byChannel: null };
  const conn = await db();
  const [byDay, byChannel] = await Promise.all([breakdown(conn, id, "day"), breakdown(conn, id, "channel")]);
  return { ...r, byDay: rowsOf(byDay), byChannel: rowsOf(byChannel) };
}

export async function listReconciliations(q: { page: number; limit: number }): Promise<ReconciliationList> {
  const { rows, total } = await reconciliationPage(await db(), q);
  const now = new Date();
  return { items: rows.map((r) => toReconciliation(r, now)), total, page: q.page, limit: q.limit };
}

export async function* bucketChunks(id: string, bucket: Bucket, channel?: string, size = 5_000): AsyncGenerator<BucketOrders["items"]> {
  await found(id);
  const conn = await db();
  for (let page = 1; ; page++) {
    const { rows } = await bucketPage(conn, id, bucket, { page, limit: size, channel });
    if (rows.length) yield rows.map((r) => ({ orderId: r.order_id, orderDate: r.order_date?.toISOString() ?? null, source: r.source }));
    if (rows.length < size) return;
  }
}

async function readOrRefuse(fileName: string, content: string): Promise<ReadUpload> {
  const read = await readUpload(fileName, Buffer.from(content, "base64"), getConfig().accountTimeZone);
  if ("problem" in read) {
    const text = { code: `validation.reconcile.upload.${read.problem}`, params: { maxRows: String(RECONCILE_UPLOAD_MAX_ROWS), maxMegabytes: String(RECONCILE_UPLOAD_MAX_BYTES / 1024 / 1024) } };
    throw refusal("validation_failed", text, undefined, { [read.problem === "too_large" ? "content" : "fileName"]: [text] });
  }
  if (read.orders.length === 0) {
    const text = { code: "validation.reconcile.upload.no_ids" };
    throw refusal("validation_failed", text, undefined, { fileName: [text] });
  }
  return read;
}

export async function reconcileUpload(ctx: ReconcileContext, upload: { fileName: string; content: string; start: boolean }): Promise<{ preview: UploadPreview; id: string | null }> {
  const read = await readOrRefuse(upload.fileName, upload.content);
  const preview: UploadPreview = {
    fileName: upload.fileName,
    rows: read.rows,
    orders: read.orders.length,
    invalidRows: read.invalidRows,
    duplicates: read.duplicates,
    header: read.header,
    columns: read.columns,
    sample: read.orders.slice(0, 5),
  };
  if (!upload.start) return { preview, id: null };
  const orders = read.orders.map((o) => ({ id: o.id, ...(o.orderDate ? { orderDate: new Date(o.orderDate) } : {}), ...(o.source ? { source: o.source } : {}) }));
  const { id } = await startReconciliation(ctx, { orders }, new Date(), upload.fileName);
  return { preview, id };
}

export async function listBucket(id: string, q: { bucket: Bucket; page: number; limit: number; channel?: string }): Promise<BucketOrders> {
  await found(id);
  const { rows, total } = await bucketPage(await db(), id, q.bucket, q);
  return { bucket: q.bucket, items: rows.map((r) => ({ orderId: r.order_id, orderDate: r.order_date?.toISOString() ?? null, source: r.source })), total, page: q.page, limit: q.limit };
}

export async function queueNeverSeen(ctx: ReconcileContext, id: string, origin: QueueOrigin): Promise<QueueNeverSeenResult> {
  const r = await found(id);
  if (r.status !== "done") throw refusal("conflict", { code: "validation.reconcile.notDone" });
  const { ids, total } = await bucketIds(await db(), id, "neverSeen", RECONCILE_QUEUE_MAX);
  if (ids.length === 0) throw refusal("conflict", { code: "validation.reconcile.noneNeverSeen" });
  const result = await enqueueOrders(ctx, ids, origin);
  await ctx.audit({
    action: "erp.reconcile.queue",
    target: target(id),
    outcome: result.queued.length > 0 ? "success" : "failure",
    message: `${result.queued.length} never-seen orders of a reconciliation queued for transfer (${result.alreadyQueued.length} already queued, ${result.alreadyTransferred.length} already transferred, ${result.unknown.length} held back as unknown${total > ids.length ? `, ${total - ids.length} left for another time` : ""}).`,
    details: { queued: result.queued.length, neverSeen: total },
  });
  return { queued: result.queued.length, alreadyQueued: result.alreadyQueued.length, alreadyTransferred: result.alreadyTransferred.length, unknown: result.unknown.length, left: total - ids.length };
}
