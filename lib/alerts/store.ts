import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { AlertChannelRow, AlertDeliveryRow } from "@/lib/alerts/tables";
import { maskSecret, maskUrl, openSecrets, sealSecrets, type ChannelSecrets } from "@/lib/alerts/secrets";
import type { SmtpSettings } from "@/lib/alerts/send";
import { renderAlert, type DeliveredEvent } from "@/lib/alerts/message";
import { isLocale, type Locale } from "@/lib/i18n/config";
import type { AlertChannelKind, AlertChannelView, AlertDeliveryView, AlertEventTypeName, ChannelBody, ChannelDelivery, DeliveryQuery, DeliveryStatus } from "@/lib/alerts/schemas";

type Db = Kysely<Database>;

export interface StoredChannel {
  row: AlertChannelRow;
  kind: AlertChannelKind;
  events: AlertEventTypeName[];
  smtp: SmtpSettings | null;
  secrets: ChannelSecrets;
  language: Locale;
}

export function readChannel(row: AlertChannelRow, authSecret: string): StoredChannel {
  return {
    row,
    kind: row.kind as AlertChannelKind,
    events: JSON.parse(row.events_json) as AlertEventTypeName[],
    smtp: (JSON.parse(row.settings_json) as { smtp?: SmtpSettings }).smtp ?? null,
    secrets: openSecrets(row.secrets_sealed, authSecret, row.id),
    language: isLocale(row.language) ? row.language : "en",
  };
}

export function channelView(channel: StoredChannel): AlertChannelView {
  const { row, secrets, smtp } = channel;
  const urlMask = secrets.url ? maskUrl(secrets.url) : null;
  return {
    id: row.id,
    name: row.name,
    kind: channel.kind,
    enabled: row.enabled,
    events: channel.events,
    target: channel.kind === "email" ? (smtp?.recipients.join(", ") ?? "") : (urlMask ?? ""),
    masks: {
      url: urlMask,
      signingSecret: secrets.signingSecret ? maskSecret(secrets.signingSecret) : null,
      smtpPassword: secrets.smtpPassword ? "••••••••" : null,
    },
    smtp: smtp ? { ...smtp, user: smtp.user ?? null } : null,
    delivery: { mode: (row.delivery_mode ?? "immediate") as ChannelDelivery["mode"], time: row.digest_time ?? null },
    language: channel.language,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_email,
  };
}

export async function findChannel(db: Db, id: string, authSecret: string): Promise<StoredChannel | undefined> {
  const row = await db.selectFrom("alert_channels").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? readChannel(row, authSecret) : undefined;
}

export async function listChannels(db: Db, authSecret: string, page?: { page: number; limit: number }): Promise<StoredChannel[]> {
  let q = db.selectFrom("alert_channels").selectAll().orderBy("name").orderBy("id");
  if (page) q = q.limit(page.limit).offset((page.page - 1) * page.limit);
  return (await q.execute()).map((r) => readChannel(r, authSecret));
}

export async function countChannels(db: Db): Promise<number> {
  return Number((await db.selectFrom("alert_channels").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
}

export function mergeSecrets(kind: AlertChannelKind, body: ChannelBody, saved: ChannelSecrets): ChannelSecrets {
  const out: ChannelSecrets = {};
  if (kind === "webhook" || kind === "slack") out.url = body.url ?? saved.url;
  if (kind === "webhook") out.signingSecret = body.signingSecret ?? saved.signingSecret;
  if (kind === "email" && body.smtp?.user) out.smtpPassword = body.smtpPassword ?? saved.smtpPassword;
  return out;
}

function channelColumns(body: ChannelBody, language: Locale, secrets: ChannelSecrets, authSecret: string, id: string) {
  return {
    name: body.name,
    kind: body.kind,
    enabled: body.enabled,
    events_json: JSON.stringify(body.events),
    settings_json: JSON.stringify(body.smtp ? { smtp: { ...body.smtp, user: body.smtp.user ?? null } } : {}),
    secrets_sealed: sealSecrets(secrets, authSecret, id),
    delivery_mode: body.delivery.mode,
    digest_time: body.delivery.time,
    language,
  };
}

export async function insertChannel(db: Db, body: ChannelBody, by: string | null, authSecret: string, now = new Date()): Promise<StoredChannel> {
  const id = randomUUID();
  const at = now;
  const secrets = mergeSecrets(body.kind, body, {});
  const row = await db
    .insertInto("alert_channels")
    .values({
      id,
      ...channelColumns(body, body.language ?? "en", secrets, authSecret, id),
      created_at: at,
      created_by_email: by,
      updated_at: at,
      updated_by_email: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return readChannel(row, authSecret);
}

export async function updateChannel(db: Db, saved: StoredChannel, body: ChannelBody, by: string | null, authSecret: string, now = new Date()): Promise<StoredChannel> {
  const id = saved.row.id;
  const secrets = mergeSecrets(body.kind, body, body.kind === saved.kind ? saved.secrets : {});
  const row = await db
    .updateTable("alert_channels")
    .set({
      ...channelColumns(body, body.language ?? saved.language, secrets, authSecret, id),
      updated_at: now,
      updated_by_email: by,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return readChannel(row, authSecret);
}

export async function deleteChannel(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("alert_deliveries").where("channel_id", "=", id).execute();
    const res = await trx.deleteFrom("alert_channels").where("id", "=", id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
}

export interface DeliveryReader {
  answers: boolean;
  timeZone: string;
}

export function deliveryView(row: AlertDeliveryRow & { channel_name: string; channel_language: string }, consoleUrl: string, reader: DeliveryReader): AlertDeliveryView {
  let summary = "";
  try {
    const locale = isLocale(row.channel_language) ? row.channel_language : "en";
    summary = renderAlert(JSON.parse(row.event_json) as DeliveredEvent, consoleUrl, { locale, timeZone: reader.timeZone }).title;
  } catch {
    summary = row.event_type;
  }
  return {
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    eventType: row.event_type as AlertDeliveryView["eventType"],
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    responseStatus: row.response_status,
    responseText: reader.answers ? row.response_text : null,
    summary,
  };
}

export async function listDeliveries(
  db: Db,
  query: DeliveryQuery,
  consoleUrl: string,
  reader: DeliveryReader,
): Promise<{ items: AlertDeliveryView[]; total: number; totalAll: number }> {
  let matching = deliveriesIn(db);
  if (query.channel) matching = matching.where("d.channel_id", "=", query.channel);
  if (query.status) matching = matching.where("d.status", "=", query.status);
  const [total, totalAll, rows] = await Promise.all([
    count(matching),
    count(deliveriesIn(db)),
    matching
      .innerJoin("alert_channels as c", "c.id", "d.channel_id")
      .selectAll("d")
      .select(["c.name as channel_name", "c.language as channel_language"])
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return { items: rows.map((r) => deliveryView(r, consoleUrl, reader)), total, totalAll };
}

const deliveriesIn = (db: Db) => db.selectFrom("alert_deliveries as d");

async function count(rows: ReturnType<typeof deliveriesIn>): Promise<number> {
  return Number((await rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
}

export async function getDelivery(db: Db, id: string, consoleUrl: string, reader: DeliveryReader): Promise<AlertDeliveryView | undefined> {
  const row = await db
    .selectFrom("alert_deliveries as d")
    .innerJoin("alert_channels as c", "c.id", "d.channel_id")
    .selectAll("d")
    .select(["c.name as channel_name", "c.language as channel_language"])
    .where("d.id", "=", id)
    .executeTakeFirst();
  return row ? deliveryView(row, consoleUrl, reader) : undefined;
}
