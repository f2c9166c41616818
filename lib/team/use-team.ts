import useSWR from "swr";
import type { ProblemError } from "@/lib/swr/fetcher";
import { fetchTeam, TEAM_KEY } from "./api-client";
import type { TeamMember } from "./schemas";

/** The team list from /api/team; `mutate()` after each write revalidates it. */
export function useTeam() {
  return useSWR<TeamMember[], ProblemError>(TEAM_KEY, fetchTeam, { keepPreviousData: true });
}
