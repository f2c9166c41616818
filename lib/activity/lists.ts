import { defineListBase, limit, oneOf, optional, page, type ListState } from "@/lib/list/base";
import { dateField, invertedDates, readActor } from "@/lib/list/filters";
import { AUDIT_TARGET_ID_PATTERN } from "@/lib/rules/ids";

export { dateField, invertedDates, isCalendarDate, readActor } from "@/lib/list/filters";

export const AUDIT_OUTCOMES = ["success", "failure", "denied"] as const;
export type ActivityOutcome = (typeof AUDIT_OUTCOMES)[number];

export const ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;
export type ActivityPageSize = (typeof ACTIVITY_PAGE_SIZES)[number];
export const ACTIVITY_DEFAULT_PAGE_SIZE: ActivityPageSize = 25;
export const ACTIVITY_MAX_PAGE = 100_000;

export const ACTION_PATTERN = /^[a-z_]+\.[a-z_]+$/;
const TARGET_TYPE_PATTERN = /^[a-z_]+$/;

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
