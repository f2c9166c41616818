import "server-only";
import { randomUUID } from "node:crypto";
import type { ServiceContext } from "@/lib/audit";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import type { Locale } from "@/lib/i18n/config";
import { refusal } from "@/lib/i18n/validation";
import { sendToChannel } from "@/lib/alerts/send";
import { alertSettings } from "@/lib/alerts/settings";
import { findChannel, listChannels } from "@/lib/alerts/service";
import { getHandover, markHandoverRead, pinnedHandover, saveHandover, type Handover } from "@/lib/home/handover";

type Ctx = ServiceContext & { actor: { email: string; name: string } };

const missing = () => refusal("not_found", { code: "home.handover.notFound" });

export async function writeHandover(ctx: Ctx, locale: Locale): Promise<Handover> {
  const handover = await saveHandover(await db(), { author: { email: ctx.actor.email, name: ctx.actor.name }, locale, timeZone: getConfig().accountTimeZone, now: new Date() });
  await ctx.audit({
    action: "handover.write",
    target: { type: "handover", id: String(handover.id) },
    outcome: "success",
    message: `Shift handover written for ${handover.from} to ${handover.to}.`,
    details: { from: handover.from, to: handover.to, locale },
  });
  return handover;
}

export const readPinnedHandover = async (email: string) => pinnedHandover(await db(), email);

export async function readHandover(id: number): Promise<Handover> {
  return (await getHandover(await db(), id)) ?? Promise.reject(missing());
}

export async function markRead(email: string, id: number): Promise<void> {
  if (!(await markHandoverRead(await db(), id, email))) throw missing();
}

export async function handoverChannels(): Promise<{ id: string; name: string }[]> {
  return (await listChannels(await db(), getConfig().authSecret)).map((c) => ({ id: c.row.id, name: c.row.name }));
}

/** Sent at once through the channel's own sender, so a receiver that is down answers the writer now; the text stays theirs either way. */
export async function sendHandover(ctx: Ctx, id: number, channelId: string): Promise<{ channel: string }> {
  const handover = await readHandover(id);
  const settings = alertSettings();
  const channel = await findChannel(await db(), channelId, settings.authSecret);
  if (!channel) throw refusal("validation_failed", { code: "validation.handover.channel" }, {}, { channelId: [{ code: "validation.handover.channel" }] });
  const [title = ""] = handover.body.split("\n");
  const result = await sendToChannel(
    { id: channel.row.id, name: channel.row.name, kind: channel.kind, smtp: channel.smtp, secrets: channel.secrets, language: channel.language },
    randomUUID(),
    { type: "handover", title, body: handover.body, at: new Date().toISOString() },
    { consoleUrl: settings.consoleUrl, timeZone: getConfig().accountTimeZone, timeoutMs: settings.sendTimeoutMs, targets: settings.targets },
  );
  await ctx.audit({
    action: "handover.send",
    target: { type: "handover", id: String(id) },
    outcome: result.ok ? "success" : "failure",
    message: result.ok ? `Shift handover sent to ${channel.row.name}.` : `Shift handover not taken by ${channel.row.name}: ${result.text || `status ${result.status ?? "none"}`}.`,
    details: { channelId, status: result.status },
  });
  if (!result.ok) {
    const answer = result.text || (result.status ? `HTTP ${result.status}` : "no answer");
    throw refusal("validation_failed", { code: "home.handover.sendFailed", params: { answer } }, {}, { channelId: [{ code: "home.handover.sendFailed", params: { answer } }] });
  }
  return { channel: channel.row.name };
}
