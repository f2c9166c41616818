import type { CreateMemberInput, TeamMember, UpdateMemberBody } from "./schemas";
import { teamListSchema, teamMemberSchema } from "./schemas";

// Browser side of /api/team. Failures throw a ProblemError carrying the problem+json document, so
// callers can put field errors on fields and never mistake an outage for an empty team.

export interface ProblemDocument {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  reason?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
}

export class ProblemError extends Error {
  constructor(readonly problem: ProblemDocument) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = "ProblemError";
  }
  get status(): number {
    return this.problem.status;
  }
}

async function request(url: string, init?: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "same-origin", headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new ProblemError({ status: 0, code: "network", detail: "The console could not be reached." });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const doc = body && typeof body === "object" ? (body as Partial<ProblemDocument>) : {};
    throw new ProblemError({ ...doc, status: res.status });
  }
  return body;
}

export const TEAM_KEY = "/api/team";

export async function fetchTeam(url: string): Promise<TeamMember[]> {
  const parsed = teamListSchema.safeParse(await request(url));
  if (!parsed.success) throw new ProblemError({ status: 0, code: "bad_response", detail: "Unexpected answer from the console." });
  return parsed.data.items;
}

function sendJson(url: string, method: "POST" | "PATCH", body: unknown) {
  return request(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

function memberFrom(body: unknown): TeamMember {
  const parsed = teamMemberSchema.safeParse((body as { member?: unknown } | null)?.member);
  if (!parsed.success) throw new ProblemError({ status: 0, code: "bad_response", detail: "Unexpected answer from the console." });
  return parsed.data;
}

export async function createMemberRequest(body: CreateMemberInput): Promise<TeamMember> {
  return memberFrom(await sendJson(TEAM_KEY, "POST", body));
}

export async function updateMemberRequest(id: number, body: UpdateMemberBody): Promise<TeamMember> {
  return memberFrom(await sendJson(`${TEAM_KEY}/${id}`, "PATCH", body));
}
