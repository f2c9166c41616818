import type { ActivityFilters } from "@/lib/activity/schemas";
import type { AuditFilter } from "@/lib/activity/store";
import { endOfDayInZone, startOfDayInZone } from "@/lib/rules/time-zone";

export { endOfDayInZone, startOfDayInZone } from "@/lib/rules/time-zone";

// Date filters are days in the display time zone (lib/i18n/request.ts), as the table shows them.

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
