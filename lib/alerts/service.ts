import "server-only";
import type { ServiceContext } from "@/lib/audit";
import { can } from "@/lib/auth/roles";
import { db } from "@/lib/store";
import type { Role } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import type { Locale } from "@/lib/i18n/config";
import { englishText, isCatalogKey, refusal, validationFailed } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";
import { queueDeliveries } from "@/lib/alerts/engine";
import { sendDigestNow } from "@/lib/alerts/digest";
import type { DigestMode } from "@/lib/alerts/digest-summary";
import { startAlertJobs } from "@/lib/alerts/jobs";
import { channelBodySchema, type AlertChannelView, type AlertDeliveryView, type ChannelBody, type ChannelList, type DeliveryList, type DeliveryQuery } from "@/lib/alerts/schemas";
import type { ChannelListState } from "@/lib/alerts/lists";
import { verifySmtp, type SmtpProblem } from "@/lib/alerts/send";
import { alertSettings } from "@/lib/alerts/settings";
import { checkTarget } from "@/lib/alerts/targets";
import { channelView, countChannels, deleteChannel, findChannel, getDelivery, insertChannel, listChannels, listDeliveries, updateChannel, type StoredChannel } from "@/lib/alerts/store";

// Channels (admins) and the delivery log (everyone; answers for admins). Writes audited, secrets never; a secret serves only its destination.

function fieldProblem(fields: Record<string, string>, detail = "Check the highlighted fields."): DomainError {
  return validationFailed(Object.fromEntries(Object.entries(fields).map(([f, code]) => [f, [{ code }]])), { detail });
}

export function parseChannelBody(json: unknown, mode: "create" | "update"): ChannelBody {
  const parsed = channelBodySchema(mode).safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "_");
    fields[field] ??= isCatalogKey(issue.message) ? issue.message : "validation.alerts.tooLong";
  }
  throw fieldProblem(fields);
}

function smtpFieldProblem(problem: SmtpProblem): DomainError {
  const key = `alerts.smtp.${problem.reason}`;
  return fieldProblem({ [problem.field]: key }, englishText({ code: key }));
}

async function checkSmtp(body: ChannelBody, password: string | undefined): Promise<void> {
  if (body.kind !== "email" || !body.smtp) return;
  const settings = alertSettings();
  const problem = await verifySmtp({ ...body.smtp, user: body.smtp.user ?? null }, body.smtp.user ? password : undefined, settings.smtpVerifyTimeoutMs, settings.targets);
  if (problem) throw smtpFieldProblem(problem);
}

/** An inward URL is refused unless allowed; a name that does not resolve now is saved, as every delivery checks again. */
async function checkUrl(body: ChannelBody): Promise<void> {
  if (!body.url) return;
  const url = new URL(body.url);
  const settings = alertSettings();
  const checked = await checkTarget(url.hostname, Number(url.port) || (url.protocol === "https:" ? 443 : 80), "http", settings.targets, settings.smtpVerifyTimeoutMs);
  if (!checked.ok && checked.reason === "inward") throw fieldProblem({ url: "validation.alerts.targetInward" });
}

function movedSecret(saved: StoredChannel, body: ChannelBody): Record<string, string> | null {
  if (body.kind !== saved.kind) return null;
  if (body.kind === "email" && body.smtp?.user && body.smtpPassword === undefined && saved.secrets.smtpPassword) {
    const was = saved.smtp;
    const now = body.smtp;
    const same = was && was.host.toLowerCase() === now.host.toLowerCase() && was.port === now.port && was.tls === now.tls && was.user === now.user;
    if (!same) return { smtpPassword: "validation.alerts.passwordAgain" };
  }
  // A Slack URL is itself the secret; a webhook's signing secret signs for the URL it was saved with.
  if (body.kind === "webhook" && body.url !== undefined && body.url !== saved.secrets.url && body.signingSecret === undefined) {
    return { signingSecret: "validation.alerts.signingSecretAgain" };
  }
  return null;
}

function auditShape(channel: StoredChannel) {
  const view = channelView(channel);
  return {
    name: view.name,
    kind: view.kind,
    enabled: view.enabled,
    events: view.events,
    language: view.language,
    smtp: view.smtp,
    secretsSet: Object.entries(channel.secrets)
      .filter(([, v]) => Boolean(v))
      .map(([k]) => k),
  };
}

export async function listChannelViews(): Promise<AlertChannelView[]> {
  return (await listChannels(await db(), alertSettings().authSecret)).map(channelView);
}

export async function listChannelPage(query: ChannelListState): Promise<ChannelList> {
  const conn = await db();
  const [channels, total] = await Promise.all([listChannels(conn, alertSettings().authSecret, query), countChannels(conn)]);
  return { items: channels.map(channelView), total };
}

/** `creatorLanguage` is the console's language for the member adding it: a channel's language unless one is given. */
export async function createChannel(ctx: ServiceContext, json: unknown, creatorLanguage: Locale): Promise<AlertChannelView> {
  const body = parseChannelBody(json, "create");
  await checkUrl(body);
  await checkSmtp(body, body.smtpPassword);
  const channel = await insertChannel(await db(), { ...body, language: body.language ?? creatorLanguage }, ctx.actor.email, alertSettings().authSecret);
  await ctx.audit({
    action: "alert_channel.create",
    target: { type: "alert_channel", id: channel.row.id },
    outcome: "success",
    message: `Alert channel created: ${channel.row.name} (${channel.kind}).`,
    after: auditShape(channel),
  });
  return channelView(channel);
}

async function existing(id: string): Promise<StoredChannel> {
  const channel = await findChannel(await db(), id, alertSettings().authSecret);
  if (!channel) throw new DomainError("not_found", "There is no such alert channel.");
  return channel;
}

export async function changeChannel(ctx: ServiceContext, id: string, json: unknown): Promise<AlertChannelView> {
  const saved = await existing(id);
  const body = parseChannelBody(json, "update");
  // A kind change needs the new kind's secrets typed in: nothing carries over between kinds.
  if (body.kind !== saved.kind) {
    const missing: Record<string, string> = {};
    if ((body.kind === "webhook" || body.kind === "slack") && !body.url) missing.url = "validation.alerts.urlRequired";
    if (body.kind === "webhook" && !body.signingSecret) missing.signingSecret = "validation.alerts.signingSecretShort";
    if (Object.keys(missing).length) throw fieldProblem(missing);
  }
  const moved = movedSecret(saved, body);
  if (moved) throw fieldProblem(moved);
  await checkUrl(body);
  const password = body.smtpPassword ?? (saved.kind === "email" ? saved.secrets.smtpPassword : undefined);
  await checkSmtp(body, password);
  const updated = await updateChannel(await db(), saved, body, ctx.actor.email, alertSettings().authSecret);
  const changedSecrets = (["url", "signingSecret", "smtpPassword"] as const).filter((k) => body[k] !== undefined);
  await ctx.audit({
    action: "alert_channel.update",
    target: { type: "alert_channel", id },
    outcome: "success",
    message: `Alert channel changed: ${updated.row.name} (${updated.kind}).`,
    before: auditShape(saved),
    after: auditShape(updated),
    details: { secretsReplaced: changedSecrets },
  });
  return channelView(updated);
}

export async function removeChannel(ctx: ServiceContext, id: string): Promise<void> {
  const saved = await existing(id);
  await deleteChannel(await db(), id);
  await ctx.audit({
    action: "alert_channel.delete",
    target: { type: "alert_channel", id },
    outcome: "success",
    message: `Alert channel deleted: ${saved.row.name} (${saved.kind}).`,
    before: auditShape(saved),
  });
}

export async function testChannel(ctx: ServiceContext, id: string): Promise<AlertDeliveryView> {
  const saved = await existing(id);
  const settings = alertSettings();
  if (saved.kind === "email" && saved.smtp) {
    const problem = await verifySmtp(saved.smtp, saved.smtp.user ? saved.secrets.smtpPassword : undefined, settings.smtpVerifyTimeoutMs, settings.targets);
    if (problem) {
      await ctx.audit({
        action: "alert_channel.test",
        target: { type: "alert_channel", id },
        outcome: "failure",
        message: `Alert channel test not sent: the SMTP server could not be used (${problem.reason}).`,
        details: { reason: problem.reason, field: problem.field },
      });
      throw smtpFieldProblem(problem);
    }
  }
  const store = await db();
  const boss = await startAlertJobs();
  const [deliveryId] = await queueDeliveries(
    store,
    boss,
    { type: "test", channelName: saved.row.name, by: ctx.actor.email, at: new Date().toISOString() },
    [id],
    settings.queue,
  );
  await ctx.audit({
    action: "alert_channel.test",
    target: { type: "alert_channel", id },
    outcome: "success",
    message: `Test alert queued for ${saved.row.name} (${saved.kind}).`,
    details: { deliveryId },
  });
  return (await getDelivery(store, deliveryId!, settings.consoleUrl, { answers: true, timeZone: getConfig().accountTimeZone }))!;
}

export async function digestChannelNow(ctx: ServiceContext, id: string, byName?: string): Promise<AlertDeliveryView> {
  const saved = await existing(id);
  const mode = saved.row.delivery_mode;
  if (mode !== "hourly" && mode !== "daily") throw refusal("conflict", { code: "alerts.digestNow.notDigest" });
  const settings = alertSettings();
  const store = await db();
  const deps = { db: store, boss: await startAlertJobs(), queue: settings.queue, timeZone: getConfig().accountTimeZone };
  const { deliveryId, event } = await sendDigestNow(deps, { id, mode: mode as DigestMode, time: saved.row.digest_time }, byName || ctx.actor.email || "an admin");
  await ctx.audit({
    action: "alert_channel.digest",
    target: { type: "alert_channel", id },
    outcome: "success",
    message: `Digest sent on request to ${saved.row.name} (${saved.kind}): ${event.runs.total} transfer runs and ${event.open.total} open exceptions.`,
    details: { deliveryId, since: event.since, runs: event.runs, open: event.open, stale: event.stale },
  });
  return (await getDelivery(store, deliveryId, settings.consoleUrl, { answers: true, timeZone: getConfig().accountTimeZone }))!;
}

export async function listDeliveryViews(query: DeliveryQuery, reader: { role: Role }): Promise<DeliveryList> {
  return listDeliveries(await db(), query, alertSettings().consoleUrl, { answers: can(reader.role, "alerts.manage"), timeZone: getConfig().accountTimeZone });
}
export { findChannel, listChannels } from "@/lib/alerts/store";
export { postToTarget } from "@/lib/alerts/send";
export { alertSettings } from "@/lib/alerts/settings";
