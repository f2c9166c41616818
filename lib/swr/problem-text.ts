import { isProblemError, type ProblemDocument } from "./fetcher";

// From a failed /api call to the words a person reads: one reading of the problem codes and
// statuses for every feature; each feature brings its own words where they differ.

export const UPSTREAM_CODES = [
  "upstream_timeout",
  "upstream_unreachable",
  "upstream_error",
  "upstream_bad_response",
  "upstream_auth",
  "upstream_unavailable",
  "upstream_rate_limited",
] as const;

export type UpstreamCode = (typeof UPSTREAM_CODES)[number];

export function isUpstreamCode(code: string | undefined): code is UpstreamCode {
  return (UPSTREAM_CODES as readonly (string | undefined)[]).includes(code);
}

/**
 * The words for each kind of failure. `null`: the feature has no words of its own for it, so the
 * console's detail shows (or `generic` when there is none or the console failed).
 */
export interface ProblemTexts {
  generic: string;
  network: string;
  badResponse: string | null;
  unauthenticated: string;
  forbidden: string;
  crossOrigin: string | null;
  notFound: string | null;
  conflict: string | null;
  upstream: Record<UpstreamCode, string>;
  upstreamRejected: string | null;
  upstreamRejectedWith: ((detail: string) => string) | null;
}

/** A feature's own reading of a problem (a refusal reason, field errors), tried first; undefined passes. */
export type ProblemReading = (problem: ProblemDocument) => string | undefined;

export function problemText(error: unknown, texts: ProblemTexts, own?: ProblemReading): string {
  if (!isProblemError(error)) return texts.generic;
  const problem = error.problem;
  const special = own?.(problem);
  if (special !== undefined) return special;
  const { status, code, detail } = problem;
  if (status === 0 && code === "network") return texts.network;
  if (code === "bad_response" && texts.badResponse !== null) return texts.badResponse;
  if (status === 401) return texts.unauthenticated;
  if (status === 403) {
    if (code !== "cross_origin") return texts.forbidden;
    if (texts.crossOrigin !== null) return texts.crossOrigin;
  }
  if (status === 404 && texts.notFound !== null) return texts.notFound;
  if (isUpstreamCode(code)) return texts.upstream[code];
  if (code === "upstream_rejected") {
    if (detail && texts.upstreamRejectedWith) return texts.upstreamRejectedWith(detail);
    if (texts.upstreamRejected !== null) return texts.upstreamRejected;
  }
  if (status === 409 && texts.conflict !== null) return texts.conflict;
  return status >= 500 || !detail ? texts.generic : detail;
}

/** The first message of a problem's field errors, if it has any. */
export function firstFieldError(problem: ProblemDocument): string | undefined {
  return problem.errors ? Object.values(problem.errors).flat()[0] : undefined;
}
