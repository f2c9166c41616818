import { z } from "zod";
import { defineList, limitField, optionalField, pageField, type ListState } from "@/lib/list/definition";
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

const dateField = optionalField(z.string().refine(isCalendarDate, { error: "validation.date" }));

export const activityFields = {
  actor: optionalField(z.string().trim().toLowerCase().pipe(z.email({ error: "validation.memberEmail" }).max(254))),
  action: optionalField(z.string().regex(ACTION_PATTERN, { error: "validation.activity.action" })),
  target: optionalField(z.string().trim().refine((v) => parseTarget(v) !== null, { error: "validation.activity.target" })),
  from: dateField,
  to: dateField,
  outcome: optionalField(z.enum(AUDIT_OUTCOMES, { error: "validation.activity.outcome" })),
  page: pageField(ACTIVITY_MAX_PAGE),
  limit: limitField(ACTIVITY_PAGE_SIZES, ACTIVITY_DEFAULT_PAGE_SIZE),
};

const inverted = (s: { from?: string; to?: string }) => Boolean(s.from && s.to && s.from > s.to);

export const activityList = defineList({
  path: "/api/activity",
  pageSizes: ACTIVITY_PAGE_SIZES,
  fields: activityFields,
  refine: (value, ctx) => {
    if (inverted(value)) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.activity.endBeforeStart" });
  },
  // The form writes a target as typed, so the URL state can hold one the list must not send.
  repair: (value) => {
    const target = value.target && parseTarget(value.target) ? value.target : undefined;
    return inverted(value) ? { ...value, target, from: undefined, to: undefined } : { ...value, target };
  },
});

export type ActivityState = ListState<typeof activityFields>;
export type ActivityFilterKey = Exclude<keyof ActivityState, "page" | "limit">;
export const ACTIVITY_FILTER_KEYS: readonly ActivityFilterKey[] = ["actor", "action", "target", "from", "to", "outcome"];

export interface ActivityFilters {
  actor?: string;
  action?: string;
  target?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  outcome?: ActivityOutcome;
}

export type ActivityQuery = ActivityState & ActivityFilters;

export function activityQuery(state: ActivityState): ActivityQuery {
  const target = state.target ? parseTarget(state.target) : null;
  return target ? { ...state, targetType: target.type, targetId: target.id } : { ...state, target: undefined };
}

export interface AuditRecord {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: ActivityOutcome;
  message: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  requestId: string | null;
  ip: string | null;
}

export interface ActivityPage {
  items: AuditRecord[];
  total: number;
  page: number;
  limit: ActivityPageSize;
}
