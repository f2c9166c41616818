import { useList } from "@/lib/list/client";
import { activityList, type ActivityPage, type ActivityState } from "./schemas";

/** One page of the trail; the previous page stays on screen (marked stale) while the next loads. */
export function useActivity(state: ActivityState) {
  return useList<ActivityPage>(activityList, state);
}
