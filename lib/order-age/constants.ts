// The order-age clock's names without zod, for the browser; lib/order-age/schemas.ts re-exports them.

export const AGE_LEVELS = ["ok", "warn", "critical", "overdue"] as const;
export type AgeLevel = (typeof AGE_LEVELS)[number];
export const AGE_PLACES = ["queued", "running", "open"] as const;
export type AgePlace = (typeof AGE_PLACES)[number];
export const ALERT_LEVELS = ["warn", "critical"] as const;
export type AgeAlertLevel = (typeof ALERT_LEVELS)[number];

export interface AgeThresholds {
  warnDays: number;
  criticalDays: number;
  deadlineDays: number;
}

const DAY_MS = 86_400_000;

export function ageLevel(since: Date, now: Date, t: AgeThresholds): AgeLevel {
  const age = now.getTime() - since.getTime();
  if (age >= t.deadlineDays * DAY_MS) return "overdue";
  if (age >= t.criticalDays * DAY_MS) return "critical";
  if (age >= t.warnDays * DAY_MS) return "warn";
  return "ok";
}

export function alertLevelOf(level: AgeLevel): AgeAlertLevel | null {
  return level === "ok" ? null : level === "warn" ? "warn" : "critical";
}

export function ageParts(since: Date | string, now: Date | string): { days: number; hours: number } {
  const hours = Math.max(0, Math.floor((new Date(now).getTime() - new Date(since).getTime()) / 3_600_000));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
