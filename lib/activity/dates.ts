import type { ActivityFilters } from "@/lib/activity/schemas";
import type { AuditFilter } from "@/lib/activity/store";

// Date filters are days in the display time zone (lib/i18n/request.ts), as the table shows them.

function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

export function startOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let instant = wallMidnight - zoneOffsetMinutes(wallMidnight, timeZone) * 60_000;
  // Near a DST change the offset at the guess can differ from the offset at the answer.
  const corrected = wallMidnight - zoneOffsetMinutes(instant, timeZone) * 60_000;
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

export function endOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(startOfDayInZone(next, timeZone).getTime() - 1);
}

export function toAuditFilter(q: ActivityFilters, timeZone: string, notAfter?: Date): AuditFilter {
  const out: AuditFilter = {};
  if (q.actor) out.actor = q.actor;
  if (q.action) out.action = q.action;
  if (q.targetType && q.targetId) {
    out.targetType = q.targetType;
    out.targetId = q.targetId;
  }
  if (q.from) out.from = startOfDayInZone(q.from, timeZone).toISOString();
  let to = q.to ? endOfDayInZone(q.to, timeZone) : undefined;
  if (notAfter && (!to || notAfter < to)) to = notAfter;
  if (to) out.to = to.toISOString();
  if (q.outcome) out.outcome = q.outcome;
  return out;
}
