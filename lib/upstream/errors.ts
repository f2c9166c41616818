/**
 * The one error type of the upstream client. `kind` says what went wrong:
 * - "timeout": no answer within the deadline (the upstream may still have acted);
 * - "network": connection refused, reset or dropped before a complete answer;
 * - "http": a non-2xx answer (status, and the upstream's message when it gave one);
 * - "invalid-response": a 2xx answer that is not the documented shape (malformed JSON, HTML...).
 */
export type UpstreamErrorKind = "timeout" | "network" | "http" | "invalid-response";

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly operation: string;
  readonly status: number | null;
  readonly upstreamMessage: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** True when the request may have reached the upstream and been acted on. */
  readonly mayHaveActed: boolean;

  constructor(init: {
    kind: UpstreamErrorKind;
    operation: string;
    status?: number | null;
    upstreamMessage?: string;
    fieldErrors?: Record<string, string[]>;
    mayHaveActed: boolean;
    detail: string;
  }) {
    super(`${init.operation}: ${init.detail}`);
    this.name = "UpstreamError";
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status ?? null;
    this.upstreamMessage = init.upstreamMessage;
    this.fieldErrors = init.fieldErrors;
    this.mayHaveActed = init.mayHaveActed;
  }
}

export function isUpstreamError(e: unknown): e is UpstreamError {
  return e instanceof UpstreamError;
}

/**
 * What may be shown to people and kept in the audit trail about an upstream failure: the
 * platform's own words only when it refused the request (4xx: its user-facing validation texts,
 * the same policy as lib/http/problem.ts); otherwise the console's description. A 5xx body, or
 * the message of a 2xx that said it failed, may hold internals and is never passed on.
 */
export function publicUpstreamText(error: UpstreamError): string {
  if (error.kind !== "http") return error.message;
  const status = error.status ?? 0;
  if (status >= 400 && status < 500 && error.upstreamMessage) return error.upstreamMessage;
  return `${error.operation}: the Labs platform failed to process the request (HTTP ${status})`;
}
