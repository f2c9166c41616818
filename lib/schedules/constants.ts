import { ERP_IMPORT_KINDS } from "@/lib/erp/lists";
import { RECONCILE_MAX_WINDOW_DAYS } from "@/lib/reconcile/constants";
import type { ScheduleFields, ScheduleFormInput, ScheduleSpec } from "@/lib/schedules/schemas";

// The schedule form's names, sizes and defaults without zod, for the browser; lib/schedules/schemas.ts re-exports them.

export const SCHEDULES_API = "/api/erp/schedules";
export const SCHEDULE_KINDS = [...ERP_IMPORT_KINDS, "transfer", "reconcile"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
/** The form's bound on orders per automatic run; the configured run size caps each run as well. */
export const TRANSFER_MAX_ORDERS_LIMIT = 100_000;
export const TRANSFER_DEFAULT_MAX_ORDERS = 500;
export const SEND_WHEN_WAITING_LIMIT = 100_000;
export const SEND_WHEN_OLDEST_MIN_SECONDS = 5;
export const SEND_WHEN_OLDEST_MAX_SECONDS = 7 * 86_400;
/** A reconcile schedule's window: the last N hours before each start, at most the reconciliation's own longest window. */
export const RECONCILE_DEFAULT_WINDOW_HOURS = 48;
export const RECONCILE_MAX_WINDOW_HOURS = RECONCILE_MAX_WINDOW_DAYS * 24;
export const SCHEDULE_RULE_TYPES = ["every", "daily", "weekly", "cron"] as const;
export type ScheduleRuleType = (typeof SCHEDULE_RULE_TYPES)[number];
/** Monday first, as cron numbers them (0 = Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const NAME_MAX_LENGTH = 80;
export const MAX_TIMES = 24;
export const CRON_MAX_LENGTH = 120;
export const SCHEDULE_HISTORY_SIZE = 10;

export function toFormValues(s: ScheduleFields): ScheduleFormInput {
  const rule = s.rule;
  return {
    kind: s.kind,
    name: s.name ?? "",
    rule: rule.type,
    everyMinutes: rule.type === "every" ? String(rule.minutes) : "15",
    times: rule.type === "daily" || rule.type === "weekly" ? rule.times.join(", ") : "",
    days: rule.type === "weekly" ? rule.days.map(String) : [],
    cron: rule.type === "cron" ? rule.expression : "",
    timeZone: s.timeZone,
    quietFrom: s.activeTo ?? "",
    quietTo: s.activeFrom ?? "",
    maxOrders: String(s.maxOrders ?? TRANSFER_DEFAULT_MAX_ORDERS),
    sendWhenWaiting: s.sendWhenWaiting === null ? "" : String(s.sendWhenWaiting),
    sendWhenOldestSeconds: s.sendWhenOldestSeconds === null ? "" : String(s.sendWhenOldestSeconds),
    windowHours: String(s.windowHours ?? RECONCILE_DEFAULT_WINDOW_HOURS),
  };
}

export function toScheduleFields(s: ScheduleSpec): ScheduleFields {
  return { kind: s.kind, name: s.name, rule: s.rule, timeZone: s.timeZone, activeFrom: s.quiet?.to ?? null, activeTo: s.quiet?.from ?? null, maxOrders: s.kind === "transfer" ? (s.maxOrders ?? null) : null, ...earlyFields(s), windowHours: s.kind === "reconcile" ? (s.windowHours ?? RECONCILE_DEFAULT_WINDOW_HOURS) : null };
}

function earlyFields(s: ScheduleSpec): Pick<ScheduleFields, "sendWhenWaiting" | "sendWhenOldestSeconds"> {
  const transfer = s.kind === "transfer";
  return { sendWhenWaiting: transfer ? (s.sendWhenWaiting ?? null) : null, sendWhenOldestSeconds: transfer ? (s.sendWhenOldestSeconds ?? null) : null };
}

export function emptyFormValues(timeZone: string): ScheduleFormInput {
  return { kind: "stock", name: "", rule: "every", everyMinutes: "15", times: "", days: [], cron: "", timeZone, quietFrom: "", quietTo: "", maxOrders: String(TRANSFER_DEFAULT_MAX_ORDERS), sendWhenWaiting: "", sendWhenOldestSeconds: "", windowHours: String(RECONCILE_DEFAULT_WINDOW_HOURS) };
}

/** Stored as quiet hours (from, to); people read and enter the active window, which is its complement. */
export function activeWindow(quiet: ScheduleSpec["quiet"]): { from: string; to: string } | null {
  return quiet ? { from: quiet.to, to: quiet.from } : null;
}
