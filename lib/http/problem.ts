import { NextResponse } from "next/server";
import { z } from "zod";
import { validationMessage } from "@/lib/i18n/validation";
import { UpstreamError } from "@/lib/upstream/errors";

// One error shape for every route handler: RFC 9457 problem+json, with `code` for machines and
// `errors` (field -> messages) for validation. One table from codes to HTTP statuses.

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

export function problem(code: ProblemCode, detail?: string, extra?: Record<string, unknown>, headers?: HeadersInit): NextResponse {
  const body = problemBody(code, detail, extra);
  const res = NextResponse.json(body, { status: body.status, headers });
  res.headers.set("Content-Type", "application/problem+json");
  res.headers.set("Cache-Control", "no-store");
  return res;
}

/** Field -> messages from a zod error (catalog keys as English text); the root is reported under "_". */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  // No prototype: a field may be named "constructor" or "toString" (an unknown query parameter).
  const out: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(validationMessage(issue));
  }
  return out;
}

export function validationProblem(error: z.ZodError, where = "input"): NextResponse {
  const errors = fieldErrors(error);
  const fields = Object.keys(errors).filter((k) => k !== "_");
  const detail = fields.length ? `Invalid ${where}: check ${fields.join(", ")}.` : `Invalid ${where}.`;
  return problem("validation_failed", detail, { errors });
}

/** Maps an upstream failure to a problem: outages are never success and never "no data". */
export function upstreamProblem(error: UpstreamError, requestId?: string): NextResponse {
  const extra: Record<string, unknown> = { upstreamStatus: error.status, mayHaveActed: error.mayHaveActed };
  if (requestId) extra.requestId = requestId;
  switch (error.kind) {
    case "timeout":
      return problem("upstream_timeout", "The Labs platform did not answer in time.", extra);
    case "network":
      return problem("upstream_unreachable", "The Labs platform could not be reached.", extra);
    case "invalid-response":
      return problem("upstream_bad_response", "The Labs platform answered something the console does not understand.", extra);
    case "http": {
      const status = error.status ?? 502;
      if (status === 401 || status === 403) {
        return problem("upstream_auth", "The Labs platform refused the console's API token. Ask an administrator to check it.", extra);
      }
      if (status === 404) return problem("not_found", error.upstreamMessage ?? "Not found on the Labs platform.", extra);
      if (status === 409) return problem("conflict", error.upstreamMessage ?? "The Labs platform reported a conflict.", extra);
      if (status === 429) return problem("upstream_rate_limited", "The Labs platform is busy. Try again in a minute.", extra);
      if (status >= 400 && status < 500) {
        return problem("upstream_rejected", error.upstreamMessage ?? "The Labs platform refused the request.", {
          ...extra,
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        });
      }
      if (status === 503) return problem("upstream_unavailable", "The Labs platform is temporarily unavailable.", extra);
      // 5xx bodies are never passed through verbatim (architecture.md).
      return problem("upstream_error", "The Labs platform failed to process the request.", extra);
    }
  }
}
