import type { ErpTransferRun } from "@/lib/store/schema";
import { englishText, refusal, validationFailed } from "@/lib/i18n/validation";
import { DomainError, type TextCode } from "@/lib/rules/problems";

// How creating a run is refused: each a problem the route answers as it stands.

export class IdempotencyConflictError extends DomainError {
  constructor(readonly run: ErpTransferRun) {
    super("conflict", "This Idempotency-Key was already used for a different request.", { reason: "idempotency_key_reused", runId: run.id });
  }
}

/** A queue send found nothing waiting: no run is made. */
export class NothingQueuedError extends DomainError {
  constructor() {
    const made = refusal("conflict", { code: "validation.queue.empty" }, { reason: "queue_empty" });
    super(made.code, made.detail, made.extra);
  }
}

const listed = (ids: readonly string[]) => ids.slice(0, 20).join(", ") + (ids.length > 20 ? ", …" : "");

export class InFlightError extends DomainError {
  constructor(orderIds: readonly string[], runOf: ReadonlyMap<string, string>) {
    const runIds = [...new Set(orderIds.map((id) => runOf.get(id)!))];
    const made = refusal("conflict", { code: "validation.erp.inFlight", params: { ids: listed(orderIds) } }, { reason: "already_in_flight", orderIds: orderIds.slice(0, 100), runIds });
    super(made.code, made.detail, made.extra);
  }
}

export class UnknownOutcomeError extends DomainError {
  constructor(orderIds: readonly string[]) {
    const made = refusal("conflict", { code: "validation.erp.outcomeUnknown", params: { ids: listed(orderIds) } }, { reason: "outcome_unknown", orderIds: orderIds.slice(0, 100) });
    super(made.code, made.detail, made.extra);
  }
}

export type RetryRefusal = "parent_not_found" | "parent_running" | "nothing_to_retry" | "already_retried" | "too_many";
// Too many orders is the request's fault (422 on that field), a missing parent a 404 naming parentRunId, the rest the run's state.
const REFUSAL_FIELD: Partial<Record<RetryRefusal, string>> = { too_many: "retry" };

export class RetryRefusedError extends DomainError {
  constructor(
    readonly reason: RetryRefusal,
    params?: Record<string, string>,
  ) {
    const text: TextCode = { code: `validation.erp.retryRefused.${reason}`, ...(params && { params }) };
    const field = REFUSAL_FIELD[reason];
    const made = field
      ? validationFailed({ [field]: [text] }, { detail: englishText(text) })
      : reason === "parent_not_found"
        ? refusal("not_found", text, { reason }, { parentRunId: [text] })
        : refusal("conflict", text, { reason });
    super(made.code, made.detail, made.extra);
  }
}
