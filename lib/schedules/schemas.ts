import { z } from "zod";
import { CLOCK_PATTERN } from "@/lib/rules/clock";
import { hasControlCharacters, PLAIN_TEXT_PATTERN } from "@/lib/rules/text";
import { cronProblem, EVERY_MINUTES, isTimeZone, parseTime, type QuietHours, type ScheduleRule } from "@/lib/schedules/next";
import {
  CRON_MAX_LENGTH,
  MAX_TIMES,
  NAME_MAX_LENGTH,
  RECONCILE_DEFAULT_WINDOW_HOURS,
  RECONCILE_MAX_WINDOW_HOURS,
  SCHEDULE_KINDS,
  SCHEDULE_RULE_TYPES,
  SEND_WHEN_OLDEST_MAX_SECONDS,
  SEND_WHEN_OLDEST_MIN_SECONDS,
  SEND_WHEN_WAITING_LIMIT,
  TRANSFER_DEFAULT_MAX_ORDERS,
  TRANSFER_MAX_ORDERS_LIMIT,
  type ScheduleKind,
  type ScheduleRuleType,
} from "@/lib/schedules/constants";

export * from "@/lib/schedules/constants";
export * from "@/lib/schedules/answers";

export function splitTimes(text: string): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.some((p) => !parseTime(p))) return null;
  return [...new Set(parts)].sort();
}

const optionalTime = z
  .string({ error: "validation.schedules.time" })
  .trim()
  .refine((v) => v === "" || parseTime(v) !== null, { error: "validation.schedules.time" });

// The page's form: every field as the inputs hold it (text), turned into a schedule's spec.
export const scheduleFormSchema = z
  .strictObject({
    kind: z.enum(SCHEDULE_KINDS, { error: "validation.schedules.kind" }),
    name: z
      .string({ error: "validation.schedules.name" })
      .trim()
      .max(NAME_MAX_LENGTH, { error: "validation.schedules.name" })
      .refine((v) => !hasControlCharacters(v), { error: "validation.schedules.nameCharacters" }),
    rule: z.enum(SCHEDULE_RULE_TYPES, { error: "validation.schedules.rule" }),
    everyMinutes: z.string({ error: "validation.schedules.everyMinutes" }),
    times: z.string({ error: "validation.schedules.times" }).max(400, { error: "validation.schedules.times" }),
    days: z.array(z.string({ error: "validation.schedules.days" }), { error: "validation.schedules.days" }).max(7, { error: "validation.schedules.days" }),
    cron: z.string({ error: "validation.schedules.cronInvalid" }).trim().max(CRON_MAX_LENGTH, { error: "validation.schedules.cronInvalid" }),
    timeZone: z.string({ error: "validation.schedules.timeZoneUnknown" }).trim(),
    quietFrom: optionalTime,
    quietTo: optionalTime,
    maxOrders: z.string({ error: "validation.schedules.maxOrders" }).trim().max(12, { error: "validation.schedules.maxOrders" }).optional(),
    sendWhenWaiting: z.string({ error: "validation.schedules.sendWhenWaiting" }).trim().max(12, { error: "validation.schedules.sendWhenWaiting" }).optional(),
    sendWhenOldestSeconds: z.string({ error: "validation.schedules.sendWhenOldestSeconds" }).trim().max(12, { error: "validation.schedules.sendWhenOldestSeconds" }).optional(),
    windowHours: z.string({ error: "validation.schedules.windowHours" }).trim().max(12, { error: "validation.schedules.windowHours" }).optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, key: string) => ctx.addIssue({ code: "custom", path: [path], message: key });
    if (!isTimeZone(b.timeZone)) issue("timeZone", "validation.schedules.timeZoneUnknown");
    if (b.rule === "every" && !(EVERY_MINUTES as readonly number[]).includes(Number(b.everyMinutes))) issue("everyMinutes", "validation.schedules.everyMinutes");
    if (b.rule === "daily" || b.rule === "weekly") {
      const times = splitTimes(b.times);
      if (!times) issue("times", "validation.schedules.times");
      else if (times.length === 0) issue("times", "validation.schedules.timesMissing");
      else if (times.length > MAX_TIMES) issue("times", "validation.schedules.timesTooMany");
    }
    if (b.rule === "weekly") {
      if (b.days.length === 0) issue("days", "validation.schedules.daysMissing");
      else if (b.days.some((d) => !/^[0-6]$/.test(d))) issue("days", "validation.schedules.days");
    }
    if (b.rule === "cron") {
      const problem = cronProblem(b.cron, isTimeZone(b.timeZone) ? b.timeZone : "UTC");
      if (problem === "cron_never") issue("cron", "validation.schedules.cronNever");
      else if (problem) issue("cron", "validation.schedules.cronInvalid");
    }
    if (b.kind === "transfer" && maxOrdersOf(b.maxOrders) === null) issue("maxOrders", "validation.schedules.maxOrders");
    if (b.kind === "transfer" && b.sendWhenWaiting && wholeOf(b.sendWhenWaiting, 1, SEND_WHEN_WAITING_LIMIT) === null) issue("sendWhenWaiting", "validation.schedules.sendWhenWaiting");
    if (b.kind === "transfer" && b.sendWhenOldestSeconds && wholeOf(b.sendWhenOldestSeconds, SEND_WHEN_OLDEST_MIN_SECONDS, SEND_WHEN_OLDEST_MAX_SECONDS) === null) issue("sendWhenOldestSeconds", "validation.schedules.sendWhenOldestSeconds");
    if (b.kind === "reconcile" && windowHoursOf(b.windowHours) === null) issue("windowHours", "validation.schedules.windowHours");
    if ((b.quietFrom === "") !== (b.quietTo === "")) issue(b.quietFrom === "" ? "quietFrom" : "quietTo", "validation.schedules.quietBoth");
    else if (b.quietFrom !== "" && b.quietFrom === b.quietTo) issue("quietTo", "validation.schedules.quietSame");
  })
  .transform((b): ScheduleSpec => ({
    kind: b.kind,
    name: b.name === "" ? null : b.name,
    rule: toRule(b),
    timeZone: b.timeZone,
    quiet: b.quietFrom && b.quietTo ? { from: b.quietFrom, to: b.quietTo } : null,
    maxOrders: b.kind === "transfer" ? maxOrdersOf(b.maxOrders) : null,
    sendWhenWaiting: b.kind === "transfer" ? wholeOf(b.sendWhenWaiting, 1, SEND_WHEN_WAITING_LIMIT) : null,
    sendWhenOldestSeconds: b.kind === "transfer" ? wholeOf(b.sendWhenOldestSeconds, SEND_WHEN_OLDEST_MIN_SECONDS, SEND_WHEN_OLDEST_MAX_SECONDS) : null,
    windowHours: b.kind === "reconcile" ? windowHoursOf(b.windowHours) : null,
  }));

function wholeOf(text: string | undefined, min: number, max: number): number | null {
  if (!text || !/^[1-9]\d*$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

const maxOrdersOf = (text: string | undefined) => wholeOf(text, 1, TRANSFER_MAX_ORDERS_LIMIT);
const windowHoursOf = (text: string | undefined) => wholeOf(text, 1, RECONCILE_MAX_WINDOW_HOURS);

export type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
export type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;

const wireTime = z.string({ error: "validation.schedules.time" }).refine((v) => parseTime(v) !== null, { error: "validation.schedules.time" }).meta({ pattern: `^${CLOCK_PATTERN}$` });
const wireTimes = z.array(wireTime, { error: "validation.schedules.times" }).min(1, { error: "validation.schedules.timesMissing" }).max(MAX_TIMES, { error: "validation.schedules.timesTooMany" });
const ruleSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("every"), minutes: z.literal([...EVERY_MINUTES], { error: "validation.schedules.everyMinutes" }) }),
    z.strictObject({ type: z.literal("daily"), times: wireTimes }),
    z.strictObject({
      type: z.literal("weekly"),
      days: z.array(z.int({ error: "validation.schedules.days" }).min(0, { error: "validation.schedules.days" }).max(6, { error: "validation.schedules.days" }), { error: "validation.schedules.days" }).min(1, { error: "validation.schedules.daysMissing" }).max(7, { error: "validation.schedules.days" }),
      times: wireTimes,
    }),
    z.strictObject({ type: z.literal("cron"), expression: z.string({ error: "validation.schedules.cronInvalid" }).trim().min(1, { error: "validation.schedules.cronInvalid" }).max(CRON_MAX_LENGTH, { error: "validation.schedules.cronInvalid" }) }),
  ],
  { error: "validation.schedules.rule" },
);
const readOnly = (schema: z.ZodType, description = "Set by the console; ignored in a body") => schema.optional().meta({ readOnly: true, description });

// The API's schedule: the body has the answer's shape, so a schedule read can be sent back; the fields only the console sets are ignored.
export const scheduleFieldsSchema = z.strictObject({
    kind: z.enum(SCHEDULE_KINDS, { error: "validation.schedules.kind" }),
    name: z
      .string({ error: "validation.schedules.name" })
      .trim()
      .max(NAME_MAX_LENGTH, { error: "validation.schedules.name" })
      .refine((v) => !hasControlCharacters(v), { error: "validation.schedules.nameCharacters" })
      .meta({ pattern: PLAIN_TEXT_PATTERN })
      .nullable()
      .optional()
      .describe("Shown instead of the kind's name; null or absent: none"),
    rule: ruleSchema.describe("every: `minutes` from the listed values; daily: `times` as HH:MM; weekly: `days` 0-6 (0 = Sunday) and `times`; cron: a five-field `expression`"),
    timeZone: z.string({ error: "validation.schedules.timeZoneUnknown" }).trim().refine(isTimeZone, { error: "validation.schedules.timeZoneUnknown" }).optional().describe("An IANA zone the times and the active window are read in; absent: the account's zone"),
    activeFrom: wireTime.nullable().optional().describe("HH:MM: starts only from this time (the page's \"Active between\"); null with activeTo: all day"),
    activeTo: wireTime.nullable().optional().describe("HH:MM: and until this time; earlier than activeFrom spans midnight"),
    maxOrders: z.int({ error: "validation.schedules.maxOrders" }).min(1, { error: "validation.schedules.maxOrders" }).max(TRANSFER_MAX_ORDERS_LIMIT, { error: "validation.schedules.maxOrders" }).nullable().optional()
      .describe(`Transfer schedules: the most queued orders one start sends (absent or null: ${TRANSFER_DEFAULT_MAX_ORDERS}); imports ignore it and answer null`),
    sendWhenWaiting: z.int({ error: "validation.schedules.sendWhenWaiting" }).min(1, { error: "validation.schedules.sendWhenWaiting" }).max(SEND_WHEN_WAITING_LIMIT, { error: "validation.schedules.sendWhenWaiting" }).nullable().optional()
      .describe("Transfer schedules: also send at once when this many orders wait in the queue (absent or null: off); imports ignore it and answer null"),
    sendWhenOldestSeconds: z.int({ error: "validation.schedules.sendWhenOldestSeconds" }).min(SEND_WHEN_OLDEST_MIN_SECONDS, { error: "validation.schedules.sendWhenOldestSeconds" }).max(SEND_WHEN_OLDEST_MAX_SECONDS, { error: "validation.schedules.sendWhenOldestSeconds" }).nullable().optional()
      .describe("Transfer schedules: also send at once when the oldest queued order has waited this many seconds (absent or null: off); imports ignore it and answer null"),
    windowHours: z.int({ error: "validation.schedules.windowHours" }).min(1, { error: "validation.schedules.windowHours" }).max(RECONCILE_MAX_WINDOW_HOURS, { error: "validation.schedules.windowHours" }).nullable().optional()
      .describe(`Reconcile schedules: each start reconciles the platform's orders of the last this many hours (absent or null: ${RECONCILE_DEFAULT_WINDOW_HOURS}); other kinds ignore it and answer null`),
    paused: z.boolean({ error: "validation.schedules.paused" }).optional().describe("true pauses the schedule, false resumes it; absent: as it is"),
    id: readOnly(z.string({ error: "validation.schedules.id" })),
    nextStartAt: readOnly(z.string({ error: "validation.invalid" }).nullable()),
    createdAt: readOnly(z.string({ error: "validation.invalid" })),
    createdBy: readOnly(z.string({ error: "validation.invalid" })),
    updatedAt: readOnly(z.string({ error: "validation.invalid" })),
    updatedBy: readOnly(z.string({ error: "validation.invalid" })),
    history: readOnly(z.array(z.unknown(), { error: "validation.invalid" })),
  });

export const scheduleBodySchema = scheduleFieldsSchema
  .superRefine((b, ctx) => {
    const issue = (path: PropertyKey[], key: string) => ctx.addIssue({ code: "custom", path, message: key });
    if (b.rule.type === "cron") {
      const problem = cronProblem(b.rule.expression, b.timeZone && isTimeZone(b.timeZone) ? b.timeZone : "UTC");
      if (problem) issue(["rule", "expression"], problem === "cron_never" ? "validation.schedules.cronNever" : "validation.schedules.cronInvalid");
    }
    const from = b.activeFrom ?? null;
    const to = b.activeTo ?? null;
    if ((from === null) !== (to === null)) issue([from === null ? "activeFrom" : "activeTo"], "validation.schedules.quietBoth");
    else if (from !== null && from === to) issue(["activeTo"], "validation.schedules.quietSame");
  })
  .transform(
    (b): ScheduleBody => ({
      kind: b.kind,
      name: b.name ? b.name : null,
      rule: toWireRule(b.rule),
      timeZone: b.timeZone ?? null,
      quiet: b.activeFrom && b.activeTo ? { from: b.activeTo, to: b.activeFrom } : null,
      maxOrders: b.kind === "transfer" ? (b.maxOrders ?? TRANSFER_DEFAULT_MAX_ORDERS) : null,
      sendWhenWaiting: b.kind === "transfer" ? (b.sendWhenWaiting ?? null) : null,
      sendWhenOldestSeconds: b.kind === "transfer" ? (b.sendWhenOldestSeconds ?? null) : null,
      windowHours: b.kind === "reconcile" ? (b.windowHours ?? RECONCILE_DEFAULT_WINDOW_HOURS) : null,
      ...(b.paused === undefined ? {} : { paused: b.paused }),
    }),
  );

export type ScheduleBodyInput = ScheduleFields;
export interface ScheduleBody extends Omit<ScheduleSpec, "timeZone"> {
  timeZone: string | null;
  paused?: boolean;
}

export const scheduleChangesSchema = z.record(z.string(), z.unknown(), { error: "validation.schedules.changes" });

function toWireRule(rule: z.output<typeof ruleSchema>): ScheduleRule {
  if (rule.type === "every") return { type: "every", minutes: rule.minutes };
  if (rule.type === "cron") return { type: "cron", expression: rule.expression.replace(/\s+/g, " ") };
  const times = [...new Set(rule.times)].sort();
  return rule.type === "daily" ? { type: "daily", times } : { type: "weekly", days: [...new Set(rule.days)].sort((x, y) => x - y), times };
}

export interface ScheduleFields {
  kind: ScheduleKind;
  name: string | null;
  rule: ScheduleRule;
  timeZone: string;
  activeFrom: string | null;
  activeTo: string | null;
  maxOrders: number | null;
  sendWhenWaiting: number | null;
  sendWhenOldestSeconds: number | null;
  windowHours: number | null;
}

function toRule(b: { rule: ScheduleRuleType; everyMinutes: string; times: string; days: string[]; cron: string }): ScheduleRule {
  switch (b.rule) {
    case "every":
      return { type: "every", minutes: Number(b.everyMinutes) };
    case "daily":
      return { type: "daily", times: splitTimes(b.times) ?? [] };
    case "weekly":
      return { type: "weekly", days: [...new Set(b.days.map(Number))].sort((x, y) => x - y), times: splitTimes(b.times) ?? [] };
    case "cron":
      return { type: "cron", expression: b.cron.replace(/\s+/g, " ") };
  }
}

export interface ScheduleSpec {
  kind: ScheduleKind;
  name: string | null;
  rule: ScheduleRule;
  timeZone: string;
  quiet: QuietHours | null;
  /** Transfer schedules: the most queued orders one start sends (the configured run size caps it too). */
  maxOrders?: number | null;
  sendWhenWaiting?: number | null;
  sendWhenOldestSeconds?: number | null;
  /** Reconcile schedules: the hours before each start that it reconciles. */
  windowHours?: number | null;
}

export const scheduleIdSchema = z.uuid({ error: "validation.schedules.id" }).transform((v) => v.toLowerCase());
export const scheduleIdParamSchema = z.object({ id: scheduleIdSchema });
