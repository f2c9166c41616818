import "server-only";
import { HttpProblem } from "@/lib/http/route";
import { MemberNotFoundError, TeamRuleError } from "./service";

/** The team rules' refusals as problems: 409 with the field at fault and a `reason` for the UI. */
export function teamProblem(error: unknown): unknown {
  if (error instanceof TeamRuleError) {
    return new HttpProblem("conflict", error.message, {
      reason: error.reason,
      ...(error.field ? { errors: { [error.field]: [error.message] } } : {}),
    });
  }
  if (error instanceof MemberNotFoundError) return new HttpProblem("not_found", error.message);
  return error;
}
