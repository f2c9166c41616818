import { z } from "zod";
import { channelListBase, deliveryListBase } from "@/lib/alerts/lists";
import { defineList, type ListState } from "@/lib/list/definition";
import { CONTROL_CHARACTERS } from "@/lib/rules/text";
import { ERP_IMPORT_KINDS, type ImportKindName } from "@/lib/erp/lists";
import { LOCALES, type Locale } from "@/lib/i18n/config";

// Free of node modules: the form parses with these schemas in the browser.

import { ALERT_CHANNEL_KINDS, ALERT_EVENT_TYPES, DELIVERY_MODES, SMTP_TLS_MODES, type AlertChannelKind, type AlertEventTypeName, type DeliveryMode, type DeliveryStatus, type SmtpTlsMode } from "@/lib/alerts/constants";

export * from "@/lib/alerts/constants";

export const CHANNEL_NAME_MAX = 100;
export const SIGNING_SECRET_MIN = 16;
export const SECRET_MAX = 2000;
export const RECIPIENTS_MAX = 50;

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "validation.alerts.urlInvalid";
  }
  if (url.username || url.password) return "validation.alerts.urlCredentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return isLoopbackHost(url.hostname) ? null : "validation.alerts.urlHttps";
  return "validation.alerts.urlHttps";
}

const emailSchema = z.string().trim().max(254).pipe(z.email({ error: "validation.alerts.email" }));

export function splitRecipients(value: string | readonly string[]): string[] {
  const parts = typeof value === "string" ? value.split(/[\s,;]+/) : value.map((v) => v.trim());
  return parts.map((p) => p.trim()).filter(Boolean);
}

// No control characters in any text (a NUL cannot even be stored): the one text policy of lib/rules/text.ts.
const CONTROL = CONTROL_CHARACTERS;
const optionalText = z
  .string()
  .refine((v) => !CONTROL.test(v), { error: "validation.alerts.control" })
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** One flat shape for every kind (the form switches fields by kind); secrets left empty keep the saved ones on an edit. */
export const channelFields = z.strictObject({
  name: z
    .string({ error: "validation.alerts.nameRequired" })
    .trim()
    .min(1, { error: "validation.alerts.nameRequired" })
    .max(CHANNEL_NAME_MAX, { error: "validation.alerts.tooLong" })
    .refine((v) => !CONTROL.test(v), { error: "validation.alerts.nameCharacters" }),
  kind: z.enum(ALERT_CHANNEL_KINDS, { error: "validation.alerts.kind" }),
  enabled: z.boolean({ error: "validation.alerts.enabled" }),
  events: z.array(z.enum(ALERT_EVENT_TYPES, { error: "validation.alerts.events" }), { error: "validation.alerts.events" }).min(1, { error: "validation.alerts.events" }),
  url: optionalText,
  signingSecret: optionalText,
  smtpHost: optionalText,
  smtpPort: z.union([z.number(), z.string()]).optional(),
  smtpTls: z.enum(SMTP_TLS_MODES, { error: "validation.alerts.smtpTls" }).optional(),
  smtpUser: optionalText,
  smtpPassword: z
    .string()
    .refine((v) => !CONTROL.test(v), { error: "validation.alerts.control" })
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v)),
  from: optionalText,
  recipients: z.union([z.string(), z.array(z.string())]).optional(),
  deliveryMode: z.enum(DELIVERY_MODES, { error: "validation.alerts.deliveryMode" }).optional(),
  digestTime: z.string().optional(),
  language: z.enum(LOCALES, { error: "validation.alerts.language" }).optional(),
});

export const DIGEST_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface ChannelDelivery {
  mode: DeliveryMode;
  /** Local time (account time zone) of a daily digest; null otherwise. */
  time: string | null;
}

export type ChannelInput = z.input<typeof channelFields>;

export interface ChannelBody {
  name: string;
  kind: AlertChannelKind;
  enabled: boolean;
  events: AlertEventTypeName[];
  url?: string;
  signingSecret?: string;
  smtp?: { host: string; port: number; tls: SmtpTlsMode; user?: string; from: string; recipients: string[] };
  smtpPassword?: string;
  delivery: ChannelDelivery;
  /** The messages' language; left out, a new channel takes its creator's and a saved one keeps its own. */
  language?: Locale;
}

export function channelBodySchema(mode: "create" | "update") {
  return channelFields.transform((v, ctx): ChannelBody => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const delivery = v.deliveryMode ?? "immediate";
    const time = delivery === "daily" ? (v.digestTime?.trim() ?? "") : null;
    if (time !== null && !DIGEST_TIME_PATTERN.test(time)) issue("digestTime", "validation.alerts.digestTime");
    const body: ChannelBody = { name: v.name, kind: v.kind, enabled: v.enabled, events: [...new Set(v.events)], delivery: { mode: delivery, time }, ...(v.language ? { language: v.language } : {}) };
    if (v.kind === "webhook" || v.kind === "slack") {
      if (v.url !== undefined) {
        const problem = v.url.length > SECRET_MAX ? "validation.alerts.tooLong" : webhookUrlProblem(v.url);
        if (problem) issue("url", problem);
        else body.url = v.url;
      } else if (mode === "create") issue("url", "validation.alerts.urlRequired");
    }
    if (v.kind === "webhook") {
      if (v.signingSecret !== undefined) {
        if (v.signingSecret.length < SIGNING_SECRET_MIN) issue("signingSecret", "validation.alerts.signingSecretShort");
        else if (v.signingSecret.length > SECRET_MAX) issue("signingSecret", "validation.alerts.tooLong");
        else body.signingSecret = v.signingSecret;
      } else if (mode === "create") issue("signingSecret", "validation.alerts.signingSecretShort");
    }
    if (v.kind === "email") {
      if (!v.smtpHost || !/^[A-Za-z0-9.:[\]-]{1,253}$/.test(v.smtpHost)) issue("smtpHost", "validation.alerts.smtpHost");
      const port = typeof v.smtpPort === "string" ? (v.smtpPort.trim() === "" ? NaN : Number(v.smtpPort)) : (v.smtpPort ?? NaN);
      if (!Number.isInteger(port) || port < 1 || port > 65535) issue("smtpPort", "validation.alerts.smtpPort");
      if (!v.smtpTls) issue("smtpTls", "validation.alerts.smtpTls");
      if (!v.from || !emailSchema.safeParse(v.from).success) issue("from", "validation.alerts.email");
      const recipients = splitRecipients(v.recipients ?? "");
      if (recipients.length === 0) issue("recipients", "validation.alerts.recipientsRequired");
      else if (recipients.length > RECIPIENTS_MAX) issue("recipients", "validation.alerts.recipientsTooMany");
      else if (recipients.some((r) => !emailSchema.safeParse(r).success)) issue("recipients", "validation.alerts.recipients");
      if (v.smtpPassword !== undefined && v.smtpPassword.length > SECRET_MAX) issue("smtpPassword", "validation.alerts.tooLong");
      if (v.smtpPassword !== undefined && !v.smtpUser) issue("smtpUser", "validation.alerts.smtpUserForPassword");
      // A login without TLS sends the password in clear: only where it never leaves the machine.
      if (v.smtpTls === "none" && v.smtpUser && v.smtpHost && !isLoopbackHost(v.smtpHost)) issue("smtpTls", "validation.alerts.smtpPlainLogin");
      body.smtp = { host: v.smtpHost ?? "", port, tls: v.smtpTls ?? "starttls", user: v.smtpUser, from: v.from ?? "", recipients };
      if (v.smtpPassword !== undefined) body.smtpPassword = v.smtpPassword;
    }
    return body;
  });
}

export const FRESHNESS_HOURS_MAX = 24 * 14;

/** One import kind's freshness rule; null hours turns it off. */
export const freshnessRuleBodySchema = z.strictObject({
  kind: z.enum(ERP_IMPORT_KINDS, { error: "validation.erp.importKind" }),
  hours: z
    .number({ error: "validation.alerts.freshnessHours" })
    .int({ error: "validation.alerts.freshnessHours" })
    .min(1, { error: "validation.alerts.freshnessHours" })
    .max(FRESHNESS_HOURS_MAX, { error: "validation.alerts.freshnessHours" })
    .nullable(),
});

export type FreshnessRuleBody = z.infer<typeof freshnessRuleBodySchema>;

/** The form's one field: typed text, empty for off, else the body's whole hours (the same bounds and message). */
export const freshnessFormSchema = z.object({
  hours: z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : /^\d+$/.test(v) ? Number(v) : NaN))
    .pipe(freshnessRuleBodySchema.shape.hours),
});
export type FreshnessFormInput = z.input<typeof freshnessFormSchema>;

export interface FreshnessRuleView {
  kind: ImportKindName;
  hours: number | null;
  alertedAt: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const SILENCE_MINUTES_MAX = 7 * 24 * 60;

export const arrivalRuleBodySchema = z.strictObject({
  silenceMinutes: z
    .number({ error: "validation.alerts.silenceMinutes" })
    .int({ error: "validation.alerts.silenceMinutes" })
    .min(1, { error: "validation.alerts.silenceMinutes" })
    .max(SILENCE_MINUTES_MAX, { error: "validation.alerts.silenceMinutes" })
    .nullable()
    .describe("Active minutes without an order pushed to /api/v1/order-queue before an alert; null: off"),
  volumePercent: z
    .number({ error: "validation.alerts.volumePercent" })
    .int({ error: "validation.alerts.volumePercent" })
    .min(1, { error: "validation.alerts.volumePercent" })
    .max(100, { error: "validation.alerts.volumePercent" })
    .nullable()
    .describe("An alert when today's pushed orders so far fall below this share of the same weekday's median over the last four weeks; null: off"),
});
export type ArrivalRuleBody = z.infer<typeof arrivalRuleBodySchema>;

const wholeOrEmpty = (v: string) => (v === "" ? null : /^\d+$/.test(v) ? Number(v) : NaN);
export const arrivalFormSchema = z.object({
  silenceMinutes: z.string().trim().transform(wholeOrEmpty).pipe(arrivalRuleBodySchema.shape.silenceMinutes),
  volumePercent: z.string().trim().transform(wholeOrEmpty).pipe(arrivalRuleBodySchema.shape.volumePercent),
});
export type ArrivalFormInput = z.input<typeof arrivalFormSchema>;

export const arrivalRuleView = z.object({
  silenceMinutes: z.int().nullable(),
  volumePercent: z.int().nullable(),
  lastPushAt: z.string().nullable().describe("The last push to /api/v1/order-queue"),
  silent: z.boolean().describe("Whether the silence rule holds now"),
  today: z.int().describe("Orders pushed today, in completed hours"),
  usual: z.number().describe("The same hours' median over the last four same weekdays"),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ArrivalRuleView = z.infer<typeof arrivalRuleView>;

export const channelIdSchema = z.object({ id: z.uuid({ error: "validation.alerts.channelId" }) });

export const channelList = defineList(channelListBase);
export const deliveryList = defineList(deliveryListBase);
export type DeliveryQuery = ListState<(typeof deliveryList)["fields"]>;

export interface AlertChannelView {
  id: string;
  name: string;
  kind: AlertChannelKind;
  enabled: boolean;
  events: AlertEventTypeName[];
  target: string;
  masks: { url: string | null; signingSecret: string | null; smtpPassword: string | null };
  smtp: { host: string; port: number; tls: SmtpTlsMode; user: string | null; from: string; recipients: string[] } | null;
  delivery: ChannelDelivery;
  language: Locale;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface AlertDeliveryView {
  id: string;
  channelId: string;
  channelName: string;
  eventType: AlertEventTypeName | "test" | "digest";
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  responseStatus: number | null;
  responseText: string | null;
  summary: string;
}

export interface ChannelList {
  items: AlertChannelView[];
  total: number;
}

export interface DeliveryList {
  items: AlertDeliveryView[];
  total: number;
  totalAll: number;
}
