import type { Meaning } from "@/lib/erp/outcomes/meanings";
import { dayKey } from "@/lib/i18n/datetime";

// Transfer outcomes per day of the account's zone, for the home page's chart; pure, for the browser too.

export const OUTCOME_DAYS = 14;
/** The last four count orders still open, as the failures inbox holds them; the first two each run's answers. */
export const DAY_OUTCOMES = ["transferred", "already_in_erp", "rejected", "failed", "unknown", "not_sent"] as const satisfies readonly Meaning[];
export type DayOutcome = (typeof DAY_OUTCOMES)[number];

export interface OutcomeDay {
  day: string;
  counts: Record<DayOutcome, number>;
}

export interface OutcomeDays {
  timeZone: string;
  days: OutcomeDay[];
}

export const emptyCounts = (): Record<DayOutcome, number> => Object.fromEntries(DAY_OUTCOMES.map((o) => [o, 0])) as Record<DayOutcome, number>;

/** The last `count` days of the zone, oldest first, today last. */
export function dayRange(now: number, timeZone: string, count = OUTCOME_DAYS): string[] {
  const today = Date.parse(`${dayKey(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export function fillDays(rows: readonly OutcomeDay[], now: number, timeZone: string, count = OUTCOME_DAYS): OutcomeDays {
  const known = new Map(rows.map((r) => [r.day, r.counts]));
  return { timeZone, days: dayRange(now, timeZone, count).map((day) => ({ day, counts: known.get(day) ?? emptyCounts() })) };
}

export const dayTotal = (d: OutcomeDay) => DAY_OUTCOMES.reduce((n, o) => n + d.counts[o], 0);
