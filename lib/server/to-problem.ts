import { redactSecretsIn } from "@/lib/log";
import { DomainError, problemBody, type ProblemBody } from "@/lib/rules/problems";
import { isUpstreamError, type UpstreamError } from "@/lib/upstream/errors";

export function upstreamProblemBody(error: UpstreamError, requestId?: string): ProblemBody {
  const extra: Record<string, unknown> = { upstreamStatus: error.status, mayHaveActed: error.mayHaveActed };
  if (requestId) extra.requestId = requestId;
  switch (error.kind) {
    case "timeout":
      return problemBody("upstream_timeout", "The Labs platform did not answer in time.", extra);
    case "network":
      return problemBody("upstream_unreachable", "The Labs platform could not be reached.", extra);
    case "invalid-response":
      return problemBody("upstream_bad_response", "The Labs platform answered something the console does not understand.", extra);
    case "http": {
      const status = error.status ?? 502;
      if (status === 401 || status === 403) {
        return problemBody("upstream_auth", "The Labs platform refused the console's API token. Ask an administrator to check it.", extra);
      }
      if (status === 404) return problemBody("not_found", error.upstreamMessage ?? "Not found on the Labs platform.", extra);
      if (status === 409) return problemBody("conflict", error.upstreamMessage ?? "The Labs platform reported a conflict.", extra);
      if (status === 429) return problemBody("upstream_rate_limited", "The Labs platform is busy. Try again in a minute.", extra);
      if (status >= 400 && status < 500) {
        return problemBody("upstream_rejected", error.upstreamMessage ?? "The Labs platform refused the request.", {
          ...extra,
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        });
      }
      if (status === 503) return problemBody("upstream_unavailable", "The Labs platform is temporarily unavailable.", extra);
      // 5xx bodies are never passed through verbatim (docs/architecture.md "Error answers").
      return problemBody("upstream_error", "The Labs platform failed to process the request.", extra);
    }
  }
}

export function toProblem(error: unknown, requestId?: string): ProblemBody | null {
  if (error instanceof DomainError) return redactSecretsIn(problemBody(error.code, error.detail, { ...error.extra, ...(requestId ? { requestId } : {}) }));
  if (isUpstreamError(error)) return redactSecretsIn(upstreamProblemBody(error, requestId));
  return null;
}
