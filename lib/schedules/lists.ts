import { defineListBase, limit, page } from "@/lib/list/base";
import { SCHEDULES_API } from "@/lib/schedules/constants";

export const SCHEDULE_PAGE_SIZES = [25, 50, 100] as const;
export const SCHEDULE_MAX_PAGE = 100_000;

export const scheduleListSpec = { path: SCHEDULES_API, pageSizes: SCHEDULE_PAGE_SIZES };
export const scheduleListBase = defineListBase({
  ...scheduleListSpec,
  fields: { page: page(SCHEDULE_MAX_PAGE), limit: limit(SCHEDULE_PAGE_SIZES, 50) },
});
export type ScheduleListState = (typeof scheduleListBase)["defaults"];
