import { isTimeZone } from "@/lib/rules/time-zone";
import { Cron } from "croner";

// croner's documented DST handling: a rule in a gap starts just after it, once in a repeated hour; "every N minutes" follows the wall clock.

export type ScheduleRule =
  | { type: "every"; minutes: number }
  | { type: "daily"; times: string[] }
  | { type: "weekly"; days: number[]; times: string[] }
  | { type: "cron"; expression: string };

export interface QuietHours {
  from: string;
  to: string;
}

export interface Timing {
  rule: ScheduleRule;
  timeZone: string;
  quiet: QuietHours | null;
}

/** Minutes that give an even grid in every hour or every day (so each day looks the same). */
export const EVERY_MINUTES = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440] as const;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseTime(text: string): { hour: number; minute: number } | null {
  const m = HHMM.exec(text);
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
}

export { isTimeZone };

export function cronProblem(expression: string, timeZone = "UTC"): "cron_invalid" | "cron_never" | null {
  const text = expression.trim();
  if (text.split(/\s+/).length !== 5) return "cron_invalid";
  let cron: Cron;
  try {
    cron = new Cron(text, { timezone: timeZone, mode: "5-part", paused: true });
  } catch {
    return "cron_invalid";
  }
  try {
    return cron.nextRun() ? null : "cron_never";
  } catch {
    return "cron_invalid";
  }
}

export function rulePatterns(rule: ScheduleRule): string[] {
  switch (rule.type) {
    case "every": {
      const n = rule.minutes;
      if (!(EVERY_MINUTES as readonly number[]).includes(n)) throw new Error(`every ${n} minutes is not an even grid`);
      if (n < 60) return [`*/${n} * * * *`];
      if (n === 60) return ["0 * * * *"];
      if (n < 1440) return [`0 */${n / 60} * * *`];
      return ["0 0 * * *"];
    }
    case "daily":
    case "weekly": {
      const days = rule.type === "weekly" ? [...new Set(rule.days)].sort((a, b) => a - b).join(",") : "*";
      return rule.times.map((t) => {
        const time = parseTime(t);
        if (!time) throw new Error(`bad time ${t}`);
        return `${time.minute} ${time.hour} * * ${days}`;
      });
    }
    case "cron":
      return [rule.expression.trim()];
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localMinutes(at: Date, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const hour = Number(parts.find((p) => p.type === "hour")?.value);
  const minute = Number(parts.find((p) => p.type === "minute")?.value);
  return hour * 60 + minute;
}

const toMinutes = (t: string) => {
  const p = parseTime(t);
  if (!p) throw new Error(`bad time ${t}`);
  return p.hour * 60 + p.minute;
};

export function isQuiet(at: Date, timeZone: string, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const m = localMinutes(at, timeZone);
  const from = toMinutes(quiet.from);
  const to = toMinutes(quiet.to);
  if (from === to) return false;
  return from < to ? m >= from && m < to : m >= from || m < to;
}

const MAX_STEPS = 1000;

export function nextStart(timing: Timing, after: Date): Date | null {
  const crons = rulePatterns(timing.rule).map((p) => new Cron(p, { timezone: timing.timeZone, mode: "5-part", paused: true }));
  const quietEnd = timing.quiet ? new Cron(`${toMinutes(timing.quiet.to) % 60} ${Math.floor(toMinutes(timing.quiet.to) / 60)} * * *`, { timezone: timing.timeZone, paused: true }) : null;
  let from = after;
  for (let step = 0; step < MAX_STEPS; step++) {
    let candidate: Date | null = null;
    for (const c of crons) {
      const next = c.nextRun(from);
      if (next && (!candidate || next < candidate)) candidate = next;
    }
    if (!candidate) return null;
    if (!isQuiet(candidate, timing.timeZone, timing.quiet)) return candidate;
    // Jump to the end of the quiet hours; a start exactly then is allowed (nextRun is exclusive, so one second before).
    const end = quietEnd?.nextRun(candidate);
    from = end && end > candidate ? new Date(end.getTime() - 1000) : candidate;
  }
  return null;
}

export function nextStarts(timing: Timing, after: Date, count: number): Date[] {
  const out: Date[] = [];
  let from = after;
  while (out.length < count) {
    const next = nextStart(timing, from);
    if (!next) break;
    out.push(next);
    from = next;
  }
  return out;
}
