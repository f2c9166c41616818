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

export interface TextCode {
  code: string;
  params?: Record<string, string>;
}

export type FieldCodes = Record<string, TextCode[]>;

export function issueText(issue: { message: string; minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> }): TextCode {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries({ minimum: issue.minimum, maximum: issue.maximum, ...issue.params })) if (v !== undefined && v !== null) params[k] = String(v);
  return Object.keys(params).length ? { code: issue.message, params } : { code: issue.message };
}

function isTextCode(value: unknown): value is TextCode {
  if (!value || typeof value !== "object") return false;
  const { code, params } = value as { code?: unknown; params?: unknown };
  if (typeof code !== "string") return false;
  return params === undefined || (!!params && typeof params === "object" && Object.values(params).every((v) => typeof v === "string"));
}

export function fieldCodesOf(problem: Readonly<Record<string, unknown>>): FieldCodes {
  const out: FieldCodes = {};
  const given = problem.fieldCodes;
  if (!given || typeof given !== "object") return out;
  for (const [field, codes] of Object.entries(given)) {
    if (Array.isArray(codes) && codes.length && codes.every(isTextCode)) out[field] = codes;
  }
  return out;
}

export function detailCodeOf(problem: Readonly<Record<string, unknown>>): TextCode | undefined {
  return isTextCode(problem.detailCode) ? problem.detailCode : undefined;
}

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
