import useSWR from "swr";
import type { AuditRecord } from "@/lib/audit";
import { fetcher, type ProblemError } from "@/lib/swr/fetcher";
import { activityApiKey, type ActivityQuery } from "./query";

// The client's view of GET /api/activity: keyed by the canonical URL built from validated
// params, keeping the previous page on screen while the next one loads.

export interface ActivityPage {
  items: AuditRecord[];
  total: number;
  page: number;
  limit: number;
}

/** A page with the key it answers, so the view can tell a kept previous page from the current one. */
export interface KeyedActivityPage extends ActivityPage {
  key: string;
}

const fetchActivity = async (key: string): Promise<KeyedActivityPage> => ({ ...(await fetcher<ActivityPage>(key)), key });

export function useActivity(q: ActivityQuery) {
  const key = activityApiKey(q);
  const { data, error, mutate } = useSWR<KeyedActivityPage, ProblemError>(key, fetchActivity, { keepPreviousData: true });
  // keepPreviousData shows the last answer while the next loads: that answer is then stale.
  return { data, error, mutate, stale: data !== undefined && data.key !== key };
}
