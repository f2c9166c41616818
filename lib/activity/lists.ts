import { DATE_SCHEMA, defineListBase, limit, oneOf, optional, page, readEmail, type ListState } from "@/lib/list/base";
import { AUDIT_TARGET_ID_PATTERN } from "@/lib/rules/ids";

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
  const date = new Date(0);
  // Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear takes them as written.
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function parseTarget(value: string): { type: string; id: string } | null {
  const at = value.indexOf(":");
  if (at < 0) return null;
  const type = value.slice(0, at);
  const id = value.slice(at + 1);
  return TARGET_TYPE_PATTERN.test(type) && AUDIT_TARGET_ID_PATTERN.test(id) ? { type, id } : null;
}

export const TARGET_TEXT_MAX = 200;
// Any name, code or id as typed; control characters are never part of one.
export const isTargetText = (value: string) => value.length <= TARGET_TEXT_MAX && !/\p{Cc}/u.test(value);

// An API key acts as "key <name>, created by …" (lib/apikeys): its events are asked for as key:<name>.
const KEY_ACTOR = /^key:[^\p{Cc},%_\\]{1,100}$/u;
export const readActor = (v: string) => readEmail(v) ?? (KEY_ACTOR.test(v.trim()) ? v.trim() : null);

export const invertedDates = (s: { from?: string; to?: string }) => Boolean(s.from && s.to && s.from > s.to);

export const dateField = optional((v) => (isCalendarDate(v) ? v : null), "validation.date", DATE_SCHEMA);

export const activityListBase = defineListBase({
  path: "/api/activity",
  pageSizes: ACTIVITY_PAGE_SIZES,
  fields: {
    actor: optional(readActor, "validation.activity.actor"),
    action: optional((v) => (ACTION_PATTERN.test(v) ? v : null), "validation.activity.action"),
    target: optional((v) => (isTargetText(v.trim()) ? v.trim() : null), "validation.activity.target"),
    from: dateField,
    to: dateField,
    outcome: optional(oneOf(AUDIT_OUTCOMES), "validation.activity.outcome"),
    page: page(ACTIVITY_MAX_PAGE),
    limit: limit(ACTIVITY_PAGE_SIZES, ACTIVITY_DEFAULT_PAGE_SIZE),
  },
  reject: (value) => (invertedDates(value) ? { field: "to", message: "validation.activity.endBeforeStart" } : undefined),
  // The form writes a target as typed, so the URL state can hold one the list must not send.
  repair: (value) => {
    const target = value.target && isTargetText(value.target.trim()) ? value.target.trim() || undefined : undefined;
    return invertedDates(value) ? { ...value, target, from: undefined, to: undefined } : { ...value, target };
  },
});
export type ActivityBaseState = ListState<(typeof activityListBase)["fields"]>;
export type ActivityFilterKey = Exclude<keyof ActivityBaseState, "page" | "limit">;
export const ACTIVITY_FILTER_KEYS: readonly ActivityFilterKey[] = ["actor", "action", "target", "from", "to", "outcome"];
