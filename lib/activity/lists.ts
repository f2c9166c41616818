import type { ActivityFilterKey } from "@/lib/activity/schemas";
import { defineListBase, lightEmail, lightEnum, lightLimit, lightOptional, lightPage } from "@/lib/list/base";
import { AUDIT_TARGET_ID_PATTERN } from "@/lib/rules/ids";

// The activity list's names, sizes and URL state without zod, for the browser; lib/activity/schemas.ts
// builds the same list on zod fields for the page and the handlers (a test holds the fields equal).

export const AUDIT_OUTCOMES = ["success", "failure", "denied"] as const;
export type ActivityOutcome = (typeof AUDIT_OUTCOMES)[number];

export const ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;
export type ActivityPageSize = (typeof ACTIVITY_PAGE_SIZES)[number];
export const ACTIVITY_DEFAULT_PAGE_SIZE: ActivityPageSize = 25;
export const ACTIVITY_MAX_PAGE = 100_000;

export const ACTION_PATTERN = /^[a-z_]+\.[a-z_]+$/;
const TARGET_TYPE_PATTERN = /^[a-z_]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function parseTarget(value: string): { type: string; id: string } | null {
  const at = value.indexOf(":");
  if (at < 0) return null;
  const type = value.slice(0, at);
  const id = value.slice(at + 1);
  return TARGET_TYPE_PATTERN.test(type) && AUDIT_TARGET_ID_PATTERN.test(id) ? { type, id } : null;
}

export const invertedDates = (s: { from?: string; to?: string }) => Boolean(s.from && s.to && s.from > s.to);

export const ACTIVITY_FILTER_KEYS: readonly ActivityFilterKey[] = ["actor", "action", "target", "from", "to", "outcome"];

export const activityListSpec = {
  path: "/api/activity",
  pageSizes: ACTIVITY_PAGE_SIZES,
  // The form writes a target as typed, so the URL state can hold one the list must not send.
  repair: <S extends { target?: string; from?: string; to?: string }>(value: S): S => {
    const target = value.target && parseTarget(value.target) ? value.target : undefined;
    return invertedDates(value) ? { ...value, target, from: undefined, to: undefined } : { ...value, target };
  },
};

const lightDate = lightOptional((v) => (isCalendarDate(v) ? v : null));

export const activityListBase = defineListBase({
  ...activityListSpec,
  fields: {
    actor: lightOptional(lightEmail),
    action: lightOptional((v) => (ACTION_PATTERN.test(v) ? v : null)),
    target: lightOptional((v) => (parseTarget(v.trim()) !== null ? v.trim() : null)),
    from: lightDate,
    to: lightDate,
    outcome: lightOptional(lightEnum(AUDIT_OUTCOMES)),
    page: lightPage(ACTIVITY_MAX_PAGE),
    limit: lightLimit(ACTIVITY_PAGE_SIZES, ACTIVITY_DEFAULT_PAGE_SIZE),
  },
});
