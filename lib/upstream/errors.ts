/** The upstream client's one error; `kind`: timeout (it may still have acted), network, http (non-2xx), invalid-response. */
export type UpstreamErrorKind = "timeout" | "network" | "http" | "invalid-response";

// A realm-wide mark: the index on globalThis may hold another bundle's copy of this class, where instanceof fails.
const UPSTREAM_ERROR = Symbol.for("labs.upstream-error");

export class UpstreamError extends Error {
  readonly [UPSTREAM_ERROR] = true;
  readonly kind: UpstreamErrorKind;
  readonly operation: string;
  readonly status: number | null;
  readonly upstreamMessage: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
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
  return e instanceof UpstreamError || (e instanceof Error && (e as Error & { [UPSTREAM_ERROR]?: unknown })[UPSTREAM_ERROR] === true);
}

/** Shown and audited: the platform's words only for a 4xx refusal; a 5xx body may hold internals and is never passed on. */
export function publicUpstreamText(error: UpstreamError): string {
  if (error.kind !== "http") return error.message;
  const status = error.status ?? 0;
  if (status >= 400 && status < 500 && error.upstreamMessage) return error.upstreamMessage;
  return `${error.operation}: the Labs platform failed to process the request (HTTP ${status})`;
}
