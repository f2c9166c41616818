// The problem catalog and the domain error, free of zod and server code so pages, handlers and the browser share the codes.

export const PROBLEM_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  cross_origin: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unsupported_media_type: 415,
  validation_failed: 422,
  upstream_rejected: 422,
  too_many_requests: 429,
  internal: 500,
  upstream_unreachable: 502,
  upstream_error: 502,
  upstream_bad_response: 502,
  upstream_auth: 502,
  upstream_unavailable: 503,
  upstream_rate_limited: 503,
  upstream_timeout: 504,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

export function isProblemCode(code: unknown): code is ProblemCode {
  return typeof code === "string" && Object.hasOwn(PROBLEM_STATUS, code);
}

const TITLES: Record<ProblemCode, string> = {
  bad_request: "Bad request",
  unauthenticated: "Not signed in",
  forbidden: "Not allowed",
  cross_origin: "Cross-origin request refused",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  conflict: "Conflict",
  unsupported_media_type: "Unsupported media type",
  validation_failed: "Invalid input",
  upstream_rejected: "Refused by the Labs platform",
  too_many_requests: "Too many requests",
  internal: "Internal error",
  upstream_unreachable: "Labs platform unreachable",
  upstream_error: "Labs platform error",
  upstream_bad_response: "Unexpected answer from the Labs platform",
  upstream_auth: "The console's Labs API token was refused",
  upstream_unavailable: "Labs platform unavailable",
  upstream_rate_limited: "Labs platform is rate limiting",
  upstream_timeout: "Labs platform did not answer in time",
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
  [extra: string]: unknown;
}

export function problemBody(code: ProblemCode, detail?: string, extra?: Record<string, unknown>): ProblemBody {
  return {
    type: `https://labs-console.local/problems/${code.replaceAll("_", "-")}`,
    title: TITLES[code],
    status: PROBLEM_STATUS[code],
    code,
    ...(detail ? { detail } : {}),
    ...extra,
  };
}

/** A refusal by a domain rule, answered as the problem `code` (detail and extra members as given). */
export class DomainError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail ?? code);
    this.name = "DomainError";
  }
}

/** A problem document as the browser reads it, with its own codes for no answer (`network`) or an unreadable one (`bad_response`). */
export interface ProblemDocument {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  reason?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
  [extra: string]: unknown;
}

export const UPSTREAM_CODES = [
  "upstream_timeout",
  "upstream_unreachable",
  "upstream_error",
  "upstream_bad_response",
  "upstream_auth",
  "upstream_unavailable",
  "upstream_rate_limited",
] as const satisfies readonly ProblemCode[];

export type UpstreamCode = (typeof UPSTREAM_CODES)[number];

export function isUpstreamCode(code: string | undefined): code is UpstreamCode {
  return (UPSTREAM_CODES as readonly (string | undefined)[]).includes(code);
}
