import useSWR from "swr";
import type { AuditRecord } from "@/lib/audit";
import { activityApiKey, type ActivityQuery } from "./query";

// The client's view of GET /api/activity: keyed by the canonical URL built from validated
// params, keeping the previous page on screen while the next one loads.

export interface ActivityPage {
  items: AuditRecord[];
  total: number;
  page: number;
  limit: number;
}

/** A failed /api call, carrying the problem document (RFC 9457) when there is one. */
export class ApiProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: { title?: string; detail?: string; code?: string; requestId?: string } | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
  }
}

export async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) {
    let problem: ApiProblemError["problem"] = null;
    try {
      problem = (await res.json()) as ApiProblemError["problem"];
    } catch {
      // Not a problem document (a proxy's error page, say): the status is all there is.
    }
    throw new ApiProblemError(res.status, problem);
  }
  return (await res.json()) as T;
}

/** A page with the key it answers, so the view can tell a kept previous page from the current one. */
export interface KeyedActivityPage extends ActivityPage {
  key: string;
}

const fetchActivity = async (key: string): Promise<KeyedActivityPage> => ({ ...(await fetchJson<ActivityPage>(key)), key });

export function useActivity(q: ActivityQuery) {
  const key = activityApiKey(q);
  const { data, error, mutate } = useSWR<KeyedActivityPage, ApiProblemError>(key, fetchActivity, { keepPreviousData: true });
  // keepPreviousData shows the last answer while the next loads: that answer is then stale.
  return { data, error, mutate, stale: data !== undefined && data.key !== key };
}
