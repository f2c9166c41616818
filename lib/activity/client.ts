import { useList } from "@/lib/list/client";
import { activityList, type ActivityPage, type ActivityState } from "@/lib/activity/schemas";

export function useActivity(state: ActivityState) {
  return useList<ActivityPage>(activityList, state);
}
