import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ErpProblemError } from "@/lib/erp/api-client";

// A refusal or failure from /api/erp in the reader's language. Upstream trouble has its own words
// per problem code; a 4xx the upstream gave a message for, or a validation failure, shows the
// detail the console wrote.

const UPSTREAM_CODES = new Set([
  "upstream_timeout",
  "upstream_unreachable",
  "upstream_error",
  "upstream_bad_response",
  "upstream_auth",
  "upstream_unavailable",
  "upstream_rate_limited",
]);

export function useProblemText() {
  const t = useTranslations("erp.errors");
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ErpProblemError)) return t("generic");
      const { status, code, detail, errors } = error.problem;
      if (status === 0 && code === "network") return t("network");
      if (status === 0) return t("badResponse");
      if (status === 401) return t("unauthenticated");
      if (status === 403) return code === "cross_origin" ? t("crossOrigin") : t("forbidden");
      if (status === 404) return t("notFound");
      if (code && UPSTREAM_CODES.has(code)) return t(code as "upstream_timeout");
      if (code === "upstream_rejected") return detail ? t("upstreamRejectedWith", { message: detail }) : t("upstreamRejected");
      if (status === 422 && errors) {
        const first = Object.values(errors).flat()[0];
        return first ?? detail ?? t("generic");
      }
      if (status >= 500 || !detail) return t("generic");
      return detail;
    },
    [t],
  );
}
