import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import { inTransaction, type JobEngine } from "@/lib/jobs/engine";
import type { DeliveredEvent } from "@/lib/alerts/message";
import { readChannel } from "@/lib/alerts/store";
import { sendToChannel } from "@/lib/alerts/send";
import { redactSecretsIn } from "@/lib/rules/secrets";
import { countAlertDelivery } from "@/lib/metrics";
import type { TargetPolicy } from "@/lib/alerts/targets";

// Deliveries as pg-boss jobs, a row and a job per channel and event in one transaction; no "server-only": tests start engines.

export const DELIVERY_QUEUE = "alert-delivery";

export interface DeliveryQueueOptions {
  /** Retries after the first attempt (attempts = retryLimit + 1). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds?: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryQueueOptions = { retryLimit: 4, retryDelaySeconds: 5, retryDelayMaxSeconds: 300 };

export interface DeliveryJob {
  deliveryId: string;
}

export async function createDeliveryQueue(boss: JobEngine, options: DeliveryQueueOptions): Promise<void> {
  const queue = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    ...(options.retryDelayMaxSeconds ? { retryDelayMax: options.retryDelayMaxSeconds } : {}),
    // An attempt takes at most the send timeout; a job held longer belonged to a worker that stopped.
    expireInSeconds: 120,
    notify: true,
  };
  await boss.createQueue(DELIVERY_QUEUE, queue);
  const { retryDelayMax: _max, ...updatable } = queue;
  await boss.updateQueue(DELIVERY_QUEUE, updatable);
}

export async function queueDeliveries(
  db: Kysely<Database>,
  boss: JobEngine,
  event: DeliveredEvent,
  channelIds: readonly string[],
  options: DeliveryQueueOptions,
  now = new Date(),
): Promise<string[]> {
  if (channelIds.length === 0) return [];
  return db.transaction().execute((trx) => queueIn(trx, boss, event, channelIds, options, now));
}

/** The rows and jobs inside the caller's transaction: a digest claims its slot and queues its delivery at once. */
export async function queueIn(
  trx: Transaction<Database>,
  boss: JobEngine,
  event: DeliveredEvent,
  channelIds: readonly string[],
  options: DeliveryQueueOptions,
  at = new Date(),
): Promise<string[]> {
  const ids: string[] = [];
  for (const channelId of channelIds) {
    const id = randomUUID();
    await trx
      .insertInto("alert_deliveries")
      .values({
        id,
        channel_id: channelId,
        event_type: event.type,
        event_json: JSON.stringify(redactSecretsIn(event)),
        status: "queued",
        attempts: 0,
        max_attempts: options.retryLimit + 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await boss.send(DELIVERY_QUEUE, { deliveryId: id } satisfies DeliveryJob, { id, db: inTransaction(trx) });
    ids.push(id);
  }
  return ids;
}

export async function channelsFor(db: Kysely<Database>, type: string): Promise<string[]> {
  const rows = await db.selectFrom("alert_channels").select(["id", "events_json"]).where("enabled", "=", true).where("delivery_mode", "=", "immediate").execute();
  return rows.filter((r) => (JSON.parse(r.events_json) as string[]).includes(type)).map((r) => r.id);
}

export interface DeliveryDeps {
  db: Kysely<Database>;
  authSecret: string;
  consoleUrl: string;
  timeZone: string;
  timeoutMs: number;
  /** Which targets may be reached (checked again at every attempt: DNS may have changed since the channel was saved). */
  targets: TargetPolicy;
  onWarn?: (message: string, fields: Record<string, unknown>) => void;
}

export type AttemptOutcome = "delivered" | "retrying" | "failed" | "gone";

export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<AttemptOutcome> {
  const { db } = deps;
  const started = new Date();
  const claimed = await db
    .updateTable("alert_deliveries")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_attempt_at: started, updated_at: started }))
    .where("id", "=", deliveryId)
    .where("status", "in", ["queued", "retrying"])
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return "gone";
  const channelRow = await db.selectFrom("alert_channels").selectAll().where("id", "=", claimed.channel_id).executeTakeFirst();
  if (!channelRow) return "gone";

  let result: { ok: boolean; status: number | null; text: string };
  try {
    const channel = readChannel(channelRow, deps.authSecret);
    result = await sendToChannel(
      { id: channelRow.id, name: channelRow.name, kind: channel.kind, smtp: channel.smtp, secrets: channel.secrets, language: channel.language },
      deliveryId,
      JSON.parse(claimed.event_json) as DeliveredEvent,
      { consoleUrl: deps.consoleUrl, timeZone: deps.timeZone, timeoutMs: deps.timeoutMs, targets: deps.targets },
    );
  } catch (error) {
    // readChannel fails when AUTH_SECRET changed since the channel was saved: no retry mends that.
    result = { ok: false, status: null, text: `The channel's secrets cannot be read (${error instanceof Error ? error.name : "error"}); save the channel again.` };
  }
  const last = claimed.attempts >= claimed.max_attempts;
  const status: AttemptOutcome = result.ok ? "delivered" : last ? "failed" : "retrying";
  const at = new Date();
  await db
    .updateTable("alert_deliveries")
    .set({
      status,
      updated_at: at,
      delivered_at: result.ok ? at : null,
      response_status: result.status,
      response_text: result.text || null,
    })
    .where("id", "=", deliveryId)
    .execute();
  countAlertDelivery(channelRow.kind, status);
  if (!result.ok) {
    deps.onWarn?.(last ? "alert delivery failed" : "alert delivery attempt failed, retrying", {
      event: last ? "alert.delivery_failed" : "alert.delivery_retrying",
      deliveryId,
      channelId: claimed.channel_id,
      attempt: claimed.attempts,
      status: result.status,
    });
  }
  if (status === "retrying") throw new Error(`delivery attempt ${claimed.attempts} failed`);
  return status;
}

export async function workDeliveries(boss: JobEngine, deps: DeliveryDeps, options: { pollingIntervalSeconds?: number; concurrency?: number } = {}): Promise<void> {
  const poll = Math.max(0.5, options.pollingIntervalSeconds ?? 2);
  await boss.work<DeliveryJob>(DELIVERY_QUEUE, // Retries wake no NOTIFY (they wait for their delay): the notify-time poll must be as quick as the plain one.
    { localConcurrency: options.concurrency ?? 4, pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll }, async ([job]) => {
    await attemptDelivery(deps, job!.data.deliveryId);
  });
}
