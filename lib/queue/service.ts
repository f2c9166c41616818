import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { ServiceContext } from "@/lib/audit";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { transferredBefore, startQueuedTransfer, type ErpContext } from "@/lib/erp/service";
import { lockOrderMoves, orderStanding } from "@/lib/erp/transfers/order-guard";
import { classifyOrderId } from "@/lib/erp/transfers/order-ids";
import { implausibleIds } from "@/lib/erp/transfers/order-checks";
import type { RunActor } from "@/lib/erp/transfers/runs";
import type { TransferRunSummary } from "@/lib/erp/schemas";
import { nextTransferStart, nudgeEarlySends } from "@/lib/schedules/service";
import { log } from "@/lib/log";
import { refuseWhileHeld } from "@/lib/hold/service";
import { arrivalsSince, forgetArrivals, lastArrival, recordArrival } from "@/lib/queue/arrivals";
import { addToQueue, type OrderChannel, listQueue, queueSummary, removeFromQueue, takeQueuedOrders } from "@/lib/queue/store";
import { QUEUE_ECHO_MAX_LENGTH, type EnqueueResult, type QueuedOrderInput, type QueueListState, type QueueOverview } from "@/lib/queue/schemas";
import type { QueueOrigin } from "@/lib/queue/tables";

export interface QueueContext extends ServiceContext {
  actor: RunActor;
}

const TARGET = { type: "order_queue", id: "orders" };

function channelsOf(orders: readonly QueuedOrderInput[] | undefined): Map<string, OrderChannel> {
  const out = new Map<string, OrderChannel>();
  for (const o of orders ?? []) if (!out.has(o.id.trim())) out.set(o.id.trim(), { source: o.source ?? null, orderDate: o.orderDate ?? null, packageId: o.packageId ?? null });
  return out;
}

export async function enqueueOrders(ctx: QueueContext, ids: readonly string[], origin: QueueOrigin, options: { confirmUnknown?: boolean; channels?: readonly QueuedOrderInput[] } = {}): Promise<EnqueueResult> {
  const valid: string[] = [];
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const invalid: EnqueueResult["invalid"] = [];
  for (const raw of ids) {
    const id = raw.trim();
    const reason = classifyOrderId(id);
    if (reason) invalid.push({ id: id.slice(0, QUEUE_ECHO_MAX_LENGTH), reason });
    else if (seen.has(id)) duplicates.add(id);
    else {
      valid.push(id);
      seen.add(id);
    }
  }
  const conn = await db();
  const { alreadyTransferred, queued, alreadyQueued, unknown } = await conn.transaction().execute(async (trx) => {
    await lockOrderMoves(trx);
    const standing = await orderStanding(trx, valid);
    const transferred = await transferredBefore(trx, valid.filter((id) => standing.inErp.has(id)));
    const candidates = valid.filter((id) => !standing.inErp.has(id));
    const holds = (id: string) => !options.confirmUnknown && standing.unknown.has(id);
    const held = candidates.filter(holds);
    const open = candidates.filter((id) => !holds(id));
    const added = new Set(await addToQueue(trx, open.filter((id) => !standing.inFlight.has(id) && !standing.queued.has(id)), { email: ctx.actor.email, name: ctx.actor.name, origin }, new Date(), channelsOf(options.channels)));
    if (origin === "api") await recordArrival(trx, added.size);
    return { alreadyTransferred: transferred, queued: open.filter((id) => added.has(id)), alreadyQueued: open.filter((id) => !added.has(id)), unknown: held };
  });
  const added = new Set(queued);
  const warnings = implausibleIds(valid).filter((w) => added.has(w.id));
  await ctx.audit({
    action: "erp.queue.add",
    target: TARGET,
    outcome: queued.length > 0 ? "success" : "failure",
    message: `${queued.length} orders queued for transfer (${alreadyQueued.length} already queued, ${alreadyTransferred.length} already transferred, ${unknown.length ? `${unknown.length} held back as unknown, ` : ""}${invalid.length} malformed${duplicates.size ? `, ${duplicates.size} given more than once` : ""}).`,
    details: { origin, queued: queued.length, alreadyQueued: alreadyQueued.length, alreadyTransferred: alreadyTransferred.length, unknown: unknown.length, confirmUnknown: options.confirmUnknown === true, invalid: invalid.length, warnings: warnings.length },
  });
  if (queued.length > 0) await nudgeEarlySends().catch((error: unknown) => log.error("early send not checked", { event: "schedule.early_check_failed", error: String(error) }));
  return { queued, alreadyQueued, alreadyTransferred, unknown, invalid, warnings, duplicates: [...duplicates] };
}

export async function queueOverview(q: QueueListState): Promise<QueueOverview> {
  const conn = await db();
  const [summary, rows, nextSend] = await Promise.all([queueSummary(conn), listQueue(conn, q), nextTransferStart(conn)]);
  return {
    count: summary.count,
    oldest: summary.oldest?.toISOString() ?? null,
    nextSend,
    maxOrdersPerRun: getConfig().erp.maxOrdersPerRun,
    items: rows.map((r) => ({ orderId: r.order_id, queuedAt: r.queued_at.toISOString(), queuedBy: { email: r.queued_by_email, name: r.queued_by_name }, origin: r.origin, source: r.source, orderDate: r.order_date?.toISOString() ?? null, packageId: r.package_id })),
    page: q.page,
    limit: q.limit,
  };
}

export async function removeQueued(ctx: QueueContext, ids: readonly string[]): Promise<{ removed: string[]; notQueued: string[] }> {
  const removed = await removeFromQueue(await db(), ids);
  const gone = new Set(removed);
  const notQueued = [...new Set(ids)].filter((id) => !gone.has(id));
  if (removed.length > 0) {
    await ctx.audit({
      action: "erp.queue.remove",
      target: TARGET,
      outcome: "success",
      message: `${removed.length} orders removed from the transfer queue: ${removed.slice(0, 20).join(", ")}${removed.length > 20 ? ", …" : ""}.`,
      details: { removed: removed.length, orderIds: removed.slice(0, 100) },
    });
  }
  return { removed, notQueued };
}

/** One run of what is queued, oldest first, at most the configured run size (or `max` if smaller); 409 when nothing waits or transfers are on hold. */
export async function sendQueued(ctx: ErpContext, idempotencyKey: string, origin: "automatic" | "queue", max?: number): Promise<{ run: TransferRunSummary; created: boolean }> {
  await refuseWhileHeld();
  return sendQueuedWhileHeld(ctx, idempotencyKey, origin, max);
}

/** The breaker's probe and drain: a queue run that goes while the breaker holds, optionally paced (batches per minute); `claim` (in the take's transaction) may refuse it. */
export function sendQueuedWhileHeld(ctx: ErpContext, idempotencyKey: string, origin: "automatic" | "queue", max?: number, pace?: number, claim?: (trx: Transaction<Database>) => Promise<boolean>): Promise<{ run: TransferRunSummary; created: boolean }> {
  const cap = Math.min(max ?? Number.POSITIVE_INFINITY, getConfig().erp.maxOrdersPerRun);
  return startQueuedTransfer(ctx, idempotencyKey, origin, async (trx) => (claim && !(await claim(trx)) ? [] : takeQueuedOrders(trx, cap)), pace);
}
export { queueSummary } from "@/lib/queue/store";

export async function orderArrivals(since: Date, on?: Kysely<Database> | Transaction<Database>): Promise<{ lastPushAt: Date | null; hours: { hour: Date; orders: number }[] }> {
  const conn = on ?? (await db());
  const [lastPushAt, hours] = await Promise.all([lastArrival(conn), arrivalsSince(conn, since)]);
  return { lastPushAt, hours };
}

export async function forgetOldArrivals(now = new Date()): Promise<void> {
  await forgetArrivals(await db(), now);
}
