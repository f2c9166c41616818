import { createHmac } from "node:crypto";
import nodemailer from "nodemailer";
import { channelRedactor, type ChannelSecrets } from "@/lib/alerts/secrets";
import { emailSubject, htmlText, plainText, renderAlert, slackBody, type DeliveredEvent } from "@/lib/alerts/message";
import type { AlertChannelKind, SmtpTlsMode } from "@/lib/alerts/schemas";

// Sends one delivery to one channel and reports the receiver's answer (redacted, shortened). Never throws.

export const SIGNATURE_HEADER = "x-labs-signature";
export const TIMESTAMP_HEADER = "x-labs-timestamp";
export const ANSWER_MAX = 300;

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
}

export interface SendOptions {
  consoleUrl: string;
  /** Per attempt: a receiver slower than this counts as not answering. */
  timeoutMs: number;
  now?: () => Date;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  text: string;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`): what a receiver recomputes to verify a webhook. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export function webhookBody(deliveryId: string, event: DeliveredEvent, consoleUrl: string): string {
  const message = renderAlert(event, consoleUrl);
  return JSON.stringify({
    id: deliveryId,
    type: event.type,
    title: message.title,
    text: message.lines.join("\n"),
    link: message.link,
    occurredAt: event.at,
    event,
  });
}

function shorten(channel: ChannelToSend, text: string): string {
  const clean = channelRedactor(channel.secrets).redact(text).replace(/\s+/g, " ").trim();
  return clean.length > ANSWER_MAX ? `${clean.slice(0, ANSWER_MAX)}…` : clean;
}

async function post(channel: ChannelToSend, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const url = channel.secrets.url;
  if (!url) return { ok: false, status: null, text: "The channel has no URL." };
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "labs-console-alerts", ...headers },
      body,
      // A redirect is not followed: it could carry the body (and its signature) somewhere else.
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await res.text().catch(() => "");
    return { ok: res.status >= 200 && res.status < 300, status: res.status, text: shorten(channel, text || res.statusText) };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const reason =
      e.name === "TimeoutError" ? `No answer within ${Math.round(options.timeoutMs / 1000)} s.` : `${e.cause?.code ?? e.name}: ${e.cause?.message ?? e.message}`;
    return { ok: false, status: null, text: shorten(channel, reason) };
  }
}

export function smtpTransport(smtp: SmtpSettings, password: string | undefined, timeoutMs: number) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === "tls",
    requireTLS: smtp.tls === "starttls",
    ignoreTLS: smtp.tls === "none",
    auth: smtp.user ? { user: smtp.user, pass: password ?? "" } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // Tests and private relays use self-signed certificates only on loopback.
    tls: { rejectUnauthorized: !["localhost", "127.0.0.1", "::1"].includes(smtp.host) },
    logger: false,
    debug: false,
  });
}

export async function sendToChannel(channel: ChannelToSend, deliveryId: string, event: DeliveredEvent, options: SendOptions): Promise<SendResult> {
  const message = renderAlert(event, options.consoleUrl);
  switch (channel.kind) {
    case "webhook": {
      const body = webhookBody(deliveryId, event, options.consoleUrl);
      const timestamp = String(Math.floor((options.now?.() ?? new Date()).getTime() / 1000));
      const signature = channel.secrets.signingSecret ? webhookSignature(channel.secrets.signingSecret, timestamp, body) : "";
      return post(channel, body, { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature, "x-labs-delivery": deliveryId, "x-labs-event": event.type }, options);
    }
    case "slack":
      return post(channel, JSON.stringify(slackBody(message)), {}, options);
    case "email": {
      if (!channel.smtp) return { ok: false, status: null, text: "The channel has no SMTP settings." };
      const transport = smtpTransport(channel.smtp, channel.secrets.smtpPassword, options.timeoutMs);
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
  /** A key of the alerts catalog (alerts.smtp.*). */
  reason: "refused" | "noAnswer" | "authFailed" | "unknownHost" | "tls" | "rejected" | "failed";
  detail: string;
}

/** Connects and (with a user) logs in, without sending: null when the server takes us, else what went wrong and on which field. */
export async function verifySmtp(smtp: SmtpSettings, password: string | undefined, timeoutMs: number): Promise<SmtpProblem | null> {
  const transport = smtpTransport(smtp, password, timeoutMs);
  const redactor = channelRedactor({ smtpPassword: password });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    const e = error as Error & { code?: string; responseCode?: number };
    const message = redactor.redact(String(e.message ?? e)).slice(0, ANSWER_MAX);
    const code = e.code ?? "";
    if (code === "EAUTH") return { field: smtp.user ? "smtpPassword" : "smtpUser", reason: "authFailed", detail: message };
    if (/ECONNREFUSED/.test(message) || code === "ECONNREFUSED") return { field: "smtpHost", reason: "refused", detail: message };
    if (code === "ETIMEDOUT" || /timeout/i.test(message)) return { field: "smtpHost", reason: "noAnswer", detail: message };
    if (code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(message)) return { field: "smtpHost", reason: "unknownHost", detail: message };
    if (code === "ETLS" || /TLS|SSL|wrong version number|certificate/i.test(message)) return { field: "smtpTls", reason: "tls", detail: message };
    if (e.responseCode) return { field: "smtpHost", reason: "rejected", detail: message };
    return { field: "smtpHost", reason: "failed", detail: message };
  } finally {
    transport.close();
  }
}
