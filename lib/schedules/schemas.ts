import { z } from "zod";
import { defineList } from "@/lib/list/definition";
import { hasControlCharacters } from "@/lib/rules/text";
import { cronProblem, EVERY_MINUTES, isTimeZone, parseTime, type QuietHours, type ScheduleRule } from "@/lib/schedules/next";
import { CRON_MAX_LENGTH, MAX_TIMES, NAME_MAX_LENGTH, SCHEDULE_KINDS, SCHEDULE_RULE_TYPES, TRANSFER_MAX_ORDERS_LIMIT, type ScheduleKind, type ScheduleRuleType } from "@/lib/schedules/constants";
import { scheduleListBase } from "@/lib/schedules/lists";
import type { ScheduleRunOutcome } from "@/lib/schedules/tables";

export * from "@/lib/schedules/constants";

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

export const scheduleBodySchema = z
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
  }));

function maxOrdersOf(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d*$/.test(text)) return null;
  const n = Number(text);
  return n <= TRANSFER_MAX_ORDERS_LIMIT ? n : null;
}

export type ScheduleBodyInput = z.input<typeof scheduleBodySchema>;
export type ScheduleBody = z.output<typeof scheduleBodySchema>;

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
}

export const scheduleIdSchema = z.uuid({ error: "validation.schedules.id" }).transform((v) => v.toLowerCase());
export const scheduleIdParamSchema = z.object({ id: scheduleIdSchema });

export type ScheduleSkipReason = "repeat_window" | "missed";

export interface ScheduleRunRow {
  id: number;
  dueAt: string;
  at: string;
  outcome: ScheduleRunOutcome;
  reason: ScheduleSkipReason | null;
  message: string | null;
  importRunId: number | null;
  transferRunId: string | null;
}

export interface ScheduleRow extends ScheduleSpec {
  id: string;
  paused: boolean;
  nextStartAt: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  history: ScheduleRunRow[];
}

export const scheduleList = defineList(scheduleListBase);

export interface ScheduleList {
  items: ScheduleRow[];
  total: number;
  defaultTimeZone: string;
  windowMinutes: number;
}
