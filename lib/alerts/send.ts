import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import nodemailer from "nodemailer";
import { channelRedactor, type ChannelSecrets } from "@/lib/alerts/secrets";
import { emailSubject, htmlText, plainText, renderAlert, slackBody, type AlertMessage, type DeliveredEvent } from "@/lib/alerts/message";
import type { AlertChannelKind, SmtpTlsMode } from "@/lib/alerts/schemas";
import { checkTarget, pinnedLookup, type Target, type TargetPolicy } from "@/lib/alerts/targets";
import { redactSecretsIn } from "@/lib/rules/secrets";
import type { Locale } from "@/lib/i18n/config";

// One delivery to one channel, never throwing; it connects to the addresses checkTarget judged, never to a second resolution.

export const SIGNATURE_HEADER = "x-labs-signature";
export const TIMESTAMP_HEADER = "x-labs-timestamp";
export const ANSWER_MAX = 300;
export const READ_MAX = 4096;

export interface SmtpSettings {
  host: string;
  port: number;
  tls: SmtpTlsMode;
  user: string | null;
  from: string;
  recipients: string[];
}

export interface ChannelToSend {
  id: string;
  name: string;
  kind: AlertChannelKind;
  smtp: SmtpSettings | null;
  secrets: ChannelSecrets;
  language: Locale;
}

export interface SendOptions {
  consoleUrl: string;
  timeZone: string;
  timeoutMs: number;
  targets: TargetPolicy;
  now?: () => Date;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  text: string;
}

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export function webhookBody(deliveryId: string, event: DeliveredEvent, message: AlertMessage): string {
  return JSON.stringify({
    id: deliveryId,
    type: event.type,
    title: message.title,
    text: message.lines.join("\n"),
    link: message.link,
    occurredAt: event.at,
    // The raw event goes out beside the rendered text, so it is cleaned of the process's secrets as well.
    event: redactSecretsIn(event),
  });
}

function shorten(channel: ChannelToSend, text: string): string {
  const clean = channelRedactor(channel.secrets).redact(text).replace(/\s+/g, " ").trim();
  return clean.length > ANSWER_MAX ? `${clean.slice(0, ANSWER_MAX)}…` : clean;
}

export function readCapped(stream: Readable, max: number): Promise<{ bytes: Buffer; cut: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (cut: boolean) => {
      if (settled) return;
      settled = true;
      stream.off("data", onData);
      if (cut) stream.destroy();
      resolve({ bytes: Buffer.concat(chunks, size), cut });
    };
    const onData = (chunk: Buffer) => {
      const room = max - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= max) done(true);
    };
    stream.on("data", onData);
    stream.on("end", () => done(false));
    stream.on("error", () => done(false));
    stream.on("close", () => done(false));
  });
}

class NoAnswer extends Error {
  override name = "TimeoutError";
}

/** One POST to the pinned addresses (the URL's host still names the server: Host header, SNI, certificate). */
function postPinned(url: URL, target: Target, body: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target.addresses),
        // A connection of its own: nothing pooled under another address, and destroying it drops the rest of the answer.
        agent: false,
      },
      (res) => {
        void readCapped(res, READ_MAX).then(({ bytes, cut }) => {
          if (cut) req.destroy();
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", text: bytes.toString("utf8") });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new NoAnswer()), timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}

async function post(channel: ChannelToSend, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const raw = channel.secrets.url;
  if (!raw) return { ok: false, status: null, text: "The channel has no URL." };
  const result = await postToTarget(raw, body, { "content-type": "application/json", "user-agent": "labs-console-alerts", ...headers }, options);
  return { ...result, text: shorten(channel, result.text) };
}

/** A POST to a URL judged by checkTarget where it lands; never throws. */
export async function postToTarget(raw: string, body: string, headers: Record<string, string>, options: Pick<SendOptions, "targets" | "timeoutMs">): Promise<SendResult> {
  try {
    const url = new URL(raw);
    const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
    const checked = await checkTarget(url.hostname, port, "http", options.targets, options.timeoutMs);
    if (!checked.ok) return { ok: false, status: null, text: `Not sent: ${checked.detail}` };
    // Plain http carries the URL's secrets and the signature in clear: only where they never leave the machine.
    if (url.protocol !== "https:" && !checked.target.loopback) return { ok: false, status: null, text: "Not sent: plain http only to this machine." };
    // A redirect is not followed: it could carry the body (and its signature) somewhere else.
    const res = await postPinned(url, checked.target, body, headers, options.timeoutMs);
    return { ok: res.status >= 200 && res.status < 300, status: res.status, text: res.text || res.statusText };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const reason = e.name === "TimeoutError" ? `No answer within ${Math.round(options.timeoutMs / 1000)} s.` : `${e.code ?? e.name}: ${e.message}`;
    return { ok: false, status: null, text: reason };
  }
}

export function smtpTransport(smtp: SmtpSettings, password: string | undefined, timeoutMs: number, target: Target) {
  const servername = target.addresses.some((a) => a.address === target.host) ? undefined : target.host;
  return nodemailer.createTransport({
    host: target.addresses[0]!.address,
    port: smtp.port,
    ...(servername ? { servername } : {}),
    secure: smtp.tls === "tls",
    requireTLS: smtp.tls === "starttls",
    ignoreTLS: smtp.tls === "none",
    auth: smtp.user ? { user: smtp.user, pass: password ?? "" } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // Tests and private relays use self-signed certificates only on loopback.
    tls: { rejectUnauthorized: !target.loopback, ...(servername ? { servername } : {}) },
    logger: false,
    debug: false,
  });
}

async function smtpTarget(smtp: SmtpSettings, policy: TargetPolicy, timeoutMs: number): Promise<{ target: Target } | { problem: SmtpProblem; detail: string }> {
  const checked = await checkTarget(smtp.host, smtp.port, "smtp", policy, timeoutMs);
  if (!checked.ok) {
    const problem: SmtpProblem =
      checked.reason === "port" ? { field: "smtpPort", reason: "portNotAllowed" } : { field: "smtpHost", reason: checked.reason === "inward" ? "targetInward" : "unknownHost" };
    return { problem, detail: checked.detail };
  }
  if (smtp.tls === "none" && smtp.user && !checked.target.loopback) {
    return { problem: { field: "smtpTls", reason: "plainLogin" }, detail: "A login without TLS is only for this machine." };
  }
  return { target: checked.target };
}

export async function sendToChannel(channel: ChannelToSend, deliveryId: string, event: DeliveredEvent, options: SendOptions): Promise<SendResult> {
  const message = renderAlert(event, options.consoleUrl, { locale: channel.language, timeZone: options.timeZone });
  switch (channel.kind) {
    case "webhook": {
      const body = webhookBody(deliveryId, event, message);
      const timestamp = String(Math.floor((options.now?.() ?? new Date()).getTime() / 1000));
      const signature = channel.secrets.signingSecret ? webhookSignature(channel.secrets.signingSecret, timestamp, body) : "";
      return post(channel, body, { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature, "x-labs-delivery": deliveryId, "x-labs-event": event.type }, options);
    }
    case "slack":
      return post(channel, JSON.stringify(slackBody(message)), {}, options);
    case "email": {
      if (!channel.smtp) return { ok: false, status: null, text: "The channel has no SMTP settings." };
      const checked = await smtpTarget(channel.smtp, options.targets, options.timeoutMs);
      if ("problem" in checked) return { ok: false, status: null, text: shorten(channel, `Not sent: ${checked.detail}`) };
      const transport = smtpTransport(channel.smtp, channel.secrets.smtpPassword, options.timeoutMs, checked.target);
      try {
        const info = await transport.sendMail({
          from: channel.smtp.from,
          to: channel.smtp.recipients,
          subject: emailSubject(message),
          text: plainText(message),
          html: htmlText(message),
          headers: { "X-Labs-Delivery": deliveryId, "X-Labs-Event": event.type },
        });
        const response = String(info.response ?? "");
        const code = Number(/^\d{3}/.exec(response)?.[0] ?? NaN);
        const rejected = (info.rejected ?? []).length;
        return {
          ok: rejected === 0,
          status: Number.isFinite(code) ? code : null,
          text: shorten(channel, rejected ? `${response} (refused ${rejected} recipients)` : response),
        };
      } catch (error) {
        const e = error as Error & { code?: string; responseCode?: number };
        return { ok: false, status: e.responseCode ?? null, text: shorten(channel, `${e.code ?? "error"}: ${e.message}`) };
      } finally {
        transport.close();
      }
    }
  }
}

export type SmtpField = "smtpHost" | "smtpPort" | "smtpTls" | "smtpUser" | "smtpPassword";

export interface SmtpProblem {
  field: SmtpField;
  reason: "refused" | "noAnswer" | "authFailed" | "unknownHost" | "tls" | "rejected" | "failed" | "targetInward" | "portNotAllowed" | "plainLogin";
}

/** Connects and logs in without sending; the server's words stay here, or saving a channel would be a way to read banners. */
export async function verifySmtp(smtp: SmtpSettings, password: string | undefined, timeoutMs: number, policy: TargetPolicy): Promise<SmtpProblem | null> {
  const checked = await smtpTarget(smtp, policy, timeoutMs);
  if ("problem" in checked) return checked.problem;
  const transport = smtpTransport(smtp, password, timeoutMs, checked.target);
  try {
    await transport.verify();
    return null;
  } catch (error) {
    const e = error as Error & { code?: string; responseCode?: number };
    const message = String(e.message ?? e);
    const code = e.code ?? "";
    if (code === "EAUTH") return { field: smtp.user ? "smtpPassword" : "smtpUser", reason: "authFailed" };
    if (/ECONNREFUSED/.test(message) || code === "ECONNREFUSED") return { field: "smtpHost", reason: "refused" };
    if (code === "ETIMEDOUT" || /timeout/i.test(message)) return { field: "smtpHost", reason: "noAnswer" };
    if (code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(message)) return { field: "smtpHost", reason: "unknownHost" };
    if (code === "ETLS" || /TLS|SSL|wrong version number|certificate/i.test(message)) return { field: "smtpTls", reason: "tls" };
    if (e.responseCode) return { field: "smtpHost", reason: "rejected" };
    return { field: "smtpHost", reason: "failed" };
  } finally {
    transport.close();
  }
}
