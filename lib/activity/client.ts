import { useList } from "@/lib/list/client";
import { activityListBase as activityList } from "@/lib/activity/lists";
import type { ActivityPage, ActivityState } from "@/lib/activity/schemas";

export function useActivity(state: ActivityState) {
  return useList<ActivityPage>(activityList, state);
}
