import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { formatDateTime } from "@/lib/i18n/datetime";
import { refuseWhileHeld } from "@/lib/hold/service";
import { enqueueWith } from "@/lib/erp/transfers/run-queues";
import { toRunSummary } from "@/lib/erp/transfers/store";
import { startTransferJobs, type ErpContext } from "@/lib/erp/transfers/service";
import { listRecoveryRows, previewWindow, startRecovery as start, type RecoveryWindow } from "@/lib/erp/recoveries/store";
import type { ErpRecovery } from "@/lib/erp/recoveries/tables";
import type { RecoveryBody, RecoveryList, RecoveryPreview, RecoveryStarted, RecoverySummary } from "@/lib/erp/recoveries/schemas";

const windowOf = (body: RecoveryBody): RecoveryWindow => ({ from: body.from, to: body.to, source: body.source, reason: body.reason });

function toSummary(row: ErpRecovery): RecoverySummary {
  return {
    id: row.id,
    name: row.name,
    from: row.window_from.toISOString(),
    to: row.window_to.toISOString(),
    source: row.source,
    reason: row.reason,
    count: row.order_count,
    runId: row.run_id,
    pacePerMinute: row.pace_per_minute,
    createdAt: row.created_at.toISOString(),
    createdBy: { email: row.created_by_email, name: row.created_by_name },
  };
}

export async function previewRecovery(body: RecoveryBody): Promise<RecoveryPreview> {
  const { count, orderIds } = await previewWindow(await db(), windowOf(body));
  return { count, orderIds, from: body.from.toISOString(), to: body.to.toISOString() };
}

/** One paced run of the window's frozen ids; refused (nothing sent) while a person holds transfers or when the count differs from the one shown. */
export async function startRecovery(ctx: ErpContext, idempotencyKey: string | undefined, body: RecoveryBody): Promise<RecoveryStarted> {
  await refuseWhileHeld(new Date(), "person");
  const { erp, breaker, accountTimeZone } = getConfig();
  const pace = body.pacePerMinute ?? breaker.drainBatchesPerMinute;
  const boss = await startTransferJobs();
  const { run, created, recovery } = await start(await db(), {
    actor: ctx.actor,
    idempotencyKey: idempotencyKey ?? `recovery-${randomUUID()}`,
    window: windowOf(body),
    name: body.name,
    expectedCount: body.expectedCount ?? 0,
    pace,
    batchSize: erp.batchSize,
    maxOrdersPerRun: erp.maxOrdersPerRun,
    enqueue: enqueueWith(boss),
  });
  if (created && recovery) {
    const at = (d: Date) => formatDateTime(d, "en", accountTimeZone);
    const filters = [body.source && `channel ${body.source}`, body.reason && `reason ${body.reason}`].filter(Boolean).join(", ");
    await ctx.audit({
      action: "erp.recovery",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Recovery "${body.name}" started: ${recovery.order_count} orders failed between ${at(body.from)} and ${at(body.to)}${filters ? ` (${filters})` : ""}, sent at ${pace} batches a minute.`,
      details: { event: "created", origin: run.origin, recovery: recovery.id, name: body.name, from: body.from, to: body.to, source: body.source ?? null, reason: body.reason ?? null, orders: recovery.order_count, pace },
    });
  }
  return { run: toRunSummary(run), created, recovery: recovery ? toSummary(recovery) : null };
}

export async function listRecoveries(q: { page: number; limit: number }): Promise<RecoveryList> {
  const { items, total } = await listRecoveryRows(await db(), q);
  return { items: items.map(toSummary), total, page: q.page, limit: q.limit };
}
