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
import { addExpected, addUnknownToPlatform, assignBuckets, bucketIds, bucketPage, failReconciliation, findReconciliation, finishReconciliation, insertReconciliation, unsortedIds, type ExpectedOrder } from "@/lib/reconcile/store";
import type { ReconciliationRecord } from "@/lib/reconcile/tables";
import { RECONCILE_MAX_ORDERS, RECONCILE_QUEUE_MAX, type Bucket, type BucketOrders, type QueueNeverSeenResult, type Reconciliation, type StartReconciliationBody } from "@/lib/reconcile/schemas";

export interface ReconcileContext extends ServiceContext {
  actor: QueueContext["actor"];
}

const MINUTE_MS = 60_000;
/** How far before the window the platform is read, so an order created just before it and sent inside it is not unknown to the platform. */
const LOOKBACK_MS = 24 * 60 * MINUTE_MS;
/** A reconciliation still running after this long was cut off (its instance stopped): it reads as failed. */
const STALE_MS = 60 * MINUTE_MS;

const target = (id: string) => ({ type: "reconciliation", id });

export async function startReconciliation(ctx: ReconcileContext, body: StartReconciliationBody, now = new Date()): Promise<{ id: string; done: Promise<void> }> {
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
    await insertReconciliation(conn, { id, kind: "window", created_at: now, created_by_email: ctx.actor.email, created_by_name: ctx.actor.name, window_from: from, window_to: to, settled_before: settledBefore });
    work = () => reconcileWindow(id, from, to, settledBefore);
  }
  await ctx.audit({
    action: "erp.reconcile.start",
    target: target(id),
    outcome: "success",
    message: body.orders
      ? `Reconciliation started for a list of ${body.orders.length} orders.`
      : `Reconciliation started for the platform's orders created from ${body.from!.toISOString()} to ${body.to!.toISOString()}.`,
    details: { scope: body.orders ? "manifest" : "window", orders: body.orders?.length ?? null, from: body.from?.toISOString() ?? null, to: body.to?.toISOString() ?? null },
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

function toReconciliation(r: ReconciliationRecord, now = new Date()): Reconciliation {
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

export async function getReconciliation(id: string): Promise<Reconciliation> {
  return toReconciliation(await found(id));
}

export async function listBucket(id: string, q: { bucket: Bucket; page: number; limit: number }): Promise<BucketOrders> {
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
