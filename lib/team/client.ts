import type { Middleware } from "swr";
import { useList } from "@/lib/list/client";
import { ProblemError, sendJson } from "@/lib/swr/fetcher";
import { TEAM_API, teamListBase as teamList } from "@/lib/team/lists";
import type { CreateMemberInput, TeamList, TeamListState, TeamMember, UpdateMemberBody } from "@/lib/team/schemas";

// A reply that does not parse is a bad_response, never an empty team; its schemas load with the first reply, not the page.
const answerSchemas = () => import("@/lib/team/schemas");

const unexpectedAnswer = () => new ProblemError({ status: 0, code: "bad_response" });

const checkedPages: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const checked =
    fetcher &&
    (async (...args: unknown[]) => {
      const page = await fetcher(...args);
      const { teamListSchema } = await answerSchemas();
      if (!teamListSchema.safeParse(page).success) throw unexpectedAnswer();
      return page;
    });
  return useSWRNext(key, checked, config);
};

export function useTeam(state: TeamListState) {
  return useList<TeamList>(teamList, state, { use: [checkedPages] });
}

async function memberFrom(body: unknown): Promise<TeamMember> {
  const { teamMemberSchema } = await answerSchemas();
  const parsed = teamMemberSchema.safeParse((body as { member?: unknown } | null)?.member);
  if (!parsed.success) throw unexpectedAnswer();
  return parsed.data;
}

export async function createMemberRequest(body: CreateMemberInput): Promise<TeamMember> {
  return memberFrom(await sendJson<unknown>(TEAM_API, "POST", body));
}

export async function updateMemberRequest(id: number, body: UpdateMemberBody): Promise<TeamMember> {
  return memberFrom(await sendJson<unknown>(`${TEAM_API}/${id}`, "PATCH", body));
}
