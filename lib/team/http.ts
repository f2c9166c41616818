import "server-only";
import { HttpProblem } from "@/lib/http/route";
import { ActorNotAdminError, MemberNotFoundError, TeamRuleError } from "./service";

/** The team rules' refusals as problems: 409 with the field at fault and a `reason` for the UI. */
export function teamProblem(error: unknown): unknown {
  if (error instanceof TeamRuleError) {
    return new HttpProblem("conflict", error.message, {
      reason: error.reason,
      ...(error.field ? { errors: { [error.field]: [error.message] } } : {}),
    });
  }
  if (error instanceof MemberNotFoundError) return new HttpProblem("not_found", error.message);
  // Demoted or deactivated while the request was on its way: the same answer as a role refusal.
  if (error instanceof ActorNotAdminError) return new HttpProblem("forbidden", error.message, { reason: error.reason, requiredRole: "admin" });
  return error;
}
