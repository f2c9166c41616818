import { isQuiet, type QuietHours } from "@/lib/schedules/next";
import { dayKey } from "@/lib/i18n/datetime";
import { startOfDayInZone } from "@/lib/rules/time-zone";

export interface ActiveWindow {
  timeZone: string;
  quiet: QuietHours | null;
}

export interface HourCount {
  hour: Date;
  orders: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const SILENCE_LOOKBACK_MS = 14 * DAY;
export const VOLUME_MIN_MEDIAN = 10;
export const VOLUME_WEEKS = 4;

/** With no transfer schedule every minute is active; otherwise a minute is active when one schedule's window holds it. */
export function isActive(at: Date, windows: readonly ActiveWindow[]): boolean {
  return windows.length === 0 || windows.some((w) => !isQuiet(at, w.timeZone, w.quiet));
}

export function activeMinutesBetween(from: Date, to: Date, windows: readonly ActiveWindow[], enough = Infinity): number {
  let count = 0;
  const start = Math.max(from.getTime(), to.getTime() - SILENCE_LOOKBACK_MS);
  for (let t = start; t + MINUTE <= to.getTime() && count < enough; t += MINUTE) if (isActive(new Date(t), windows)) count++;
  return count;
}

export interface SilenceVerdict {
  silent: boolean;
  from: Date;
  alert: boolean;
}

export function judgeSilence(rule: { minutes: number; since: Date; alertedAt: Date | null }, lastPushAt: Date | null, now: Date, windows: readonly ActiveWindow[]): SilenceVerdict {
  const from = lastPushAt && lastPushAt > rule.since ? lastPushAt : rule.since;
  const silent = rule.minutes > 0 && activeMinutesBetween(from, now, windows, rule.minutes) >= rule.minutes;
  return { silent, from, alert: silent && (rule.alertedAt === null || rule.alertedAt < from) };
}

export interface VolumeVerdict {
  day: string;
  today: number;
  median: number;
  low: boolean;
  alert: boolean;
}

function sumBetween(hours: readonly HourCount[], from: number, to: number): number {
  return hours.reduce((n, h) => (h.hour.getTime() >= from && h.hour.getTime() < to ? n + h.orders : n), 0);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Today's completed hours against the same hours of the same weekday in each of the last four weeks. */
export function judgeVolume(rule: { percent: number; alertedDay: string | null }, hours: readonly HourCount[], now: Date, timeZone: string): VolumeVerdict {
  const day = dayKey(now, timeZone);
  const todayStart = startOfDayInZone(day, timeZone).getTime();
  const span = Math.floor(now.getTime() / HOUR) * HOUR - todayStart;
  const today = sumBetween(hours, todayStart, todayStart + Math.max(0, span));
  const earlier = Array.from({ length: VOLUME_WEEKS }, (_, k) => {
    const start = startOfDayInZone(dayKey(todayStart + 12 * HOUR - (k + 1) * 7 * DAY, timeZone), timeZone).getTime();
    return sumBetween(hours, start, start + Math.max(0, span));
  });
  const usual = median(earlier);
  const low = rule.percent > 0 && usual >= VOLUME_MIN_MEDIAN && today * 100 < usual * rule.percent;
  return { day, today, median: usual, low, alert: low && rule.alertedDay !== day };
}
