import { defineList, strictQuery } from "@/lib/list/definition";
import { exportFormatField } from "@/lib/export/format";
import type { ActivityNames } from "@/lib/activity/readable";
import { activityListBase, parseTarget, type ActivityBaseState, type ActivityOutcome, type ActivityPageSize } from "@/lib/activity/lists";

export * from "@/lib/activity/lists";

export const activityList = defineList(activityListBase);
export type ActivityState = ActivityBaseState;
// The list's query (page and limit are read and ignored) with the file's format.
export const activityExportQuerySchema = strictQuery({ ...activityListBase.fields, format: exportFormatField }, activityListBase.reject as never);

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
  return target ? { ...state, targetType: target.type, targetId: target.id } : { ...state };
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
  names: ActivityNames;
}
