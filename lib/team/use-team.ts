import useSWR from "swr";
import { fetchTeam, TEAM_KEY } from "./api-client";

/** The team list from /api/team; `mutate()` after each write revalidates it. */
export function useTeam() {
  return useSWR(TEAM_KEY, fetchTeam, { keepPreviousData: true });
}
