import { fetcher, ProblemError, sendJson } from "@/lib/swr/fetcher";
import type { CreateMemberInput, TeamMember, UpdateMemberBody } from "./schemas";
import { teamListSchema, teamMemberSchema } from "./schemas";

// Browser side of /api/team, on the shared fetcher: failures throw a ProblemError carrying the
// problem+json document, and an answer that does not parse is never taken for an empty team.

export const TEAM_KEY = "/api/team";

// The words for it come from the problems catalog (code bad_response), not from here.
const unexpectedAnswer = () => new ProblemError({ status: 0, code: "bad_response" });

export async function fetchTeam(url: string): Promise<TeamMember[]> {
  const parsed = teamListSchema.safeParse(await fetcher<unknown>(url));
  if (!parsed.success) throw unexpectedAnswer();
  return parsed.data.items;
}

function memberFrom(body: unknown): TeamMember {
  const parsed = teamMemberSchema.safeParse((body as { member?: unknown } | null)?.member);
  if (!parsed.success) throw unexpectedAnswer();
  return parsed.data;
}

export async function createMemberRequest(body: CreateMemberInput): Promise<TeamMember> {
  return memberFrom(await sendJson<unknown>(TEAM_KEY, "POST", body));
}

export async function updateMemberRequest(id: number, body: UpdateMemberBody): Promise<TeamMember> {
  return memberFrom(await sendJson<unknown>(`${TEAM_KEY}/${id}`, "PATCH", body));
}
