import { z } from "zod";
import { defineList, limitField, optionalField, pageField, type ListState } from "@/lib/list/definition";
import {
  ACTION_PATTERN,
  ACTIVITY_DEFAULT_PAGE_SIZE,
  ACTIVITY_MAX_PAGE,
  ACTIVITY_PAGE_SIZES,
  activityListSpec,
  AUDIT_OUTCOMES,
  invertedDates,
  isCalendarDate,
  parseTarget,
  type ActivityOutcome,
  type ActivityPageSize,
} from "@/lib/activity/lists";

// The names, sizes and patterns live in lib/activity/lists.ts (no zod there, for the browser).
export * from "@/lib/activity/lists";

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

export const activityList = defineList({
  ...activityListSpec,
  fields: activityFields,
  refine: (value, ctx) => {
    if (invertedDates(value)) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.activity.endBeforeStart" });
  },
});

export type ActivityState = ListState<typeof activityFields>;
export type ActivityFilterKey = Exclude<keyof ActivityState, "page" | "limit">;

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
