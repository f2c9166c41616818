import type { NextRequest } from "next/server";
import { IdempotencyConflictError, RetryRefusedError } from "@/lib/erp/run-store";
import { idempotencyKeySchema } from "@/lib/erp/schemas";
import { ImportRecentlyStartedError } from "@/lib/erp/service";
import { HttpProblem } from "@/lib/http/route";
import { validationMessage } from "@/lib/i18n/validation";

// The one mapping of ERP domain errors to problem documents; anything else is rethrown as is
// (an upstream failure becomes its own problem in withRoute).

export function throwErpProblem(error: unknown): never {
  if (error instanceof IdempotencyConflictError) {
    throw new HttpProblem("conflict", error.message, { reason: "idempotency_key_reused", runId: error.run.id });
  }
  if (error instanceof RetryRefusedError) {
    if (error.reason === "parent_not_found") throw new HttpProblem("validation_failed", error.message, { errors: { parentRunId: [error.message] } });
    if (error.reason === "too_many") throw new HttpProblem("validation_failed", error.message, { errors: { retry: [error.message] } });
    throw new HttpProblem("conflict", error.message, { reason: error.reason });
  }
  if (error instanceof ImportRecentlyStartedError) {
    const last = error.last;
    throw new HttpProblem("conflict", error.message, {
      reason: "import_recently_started",
      lastRun: { by: last.started_by_email, byName: last.started_by_name, at: last.started_at, outcome: last.outcome },
      windowMinutes: error.windowMinutes,
    });
  }
  throw error;
}

/** The Idempotency-Key header of a transfer request; a missing or malformed one is a 422. */
export function parseIdempotencyKey(req: NextRequest): string {
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (key.success) return key.data;
  const issue = key.error.issues[0];
  const message = issue ? validationMessage(issue) : "Send an Idempotency-Key header.";
  throw new HttpProblem("validation_failed", message, { errors: { "Idempotency-Key": [message] } });
}
