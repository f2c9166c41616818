"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";
import { isUpstreamCode } from "@/lib/rules/problems";
import { isProblemError } from "@/lib/swr/fetcher";
import { firstFieldError } from "@/lib/swr/problem-text";

export function useValidationText() {
  const t = useTranslations("warehouses.validation");
  return useCallback((message: string | undefined): string => (message && t.has(message) ? t(message) : (message ?? t("invalid"))), [t]);
}

export function useWarehouseProblemText() {
  const t = useTranslations("warehouses.errors");
  const validation = useValidationText();
  const options = useMemo<ProblemTextOptions>(() => {
    const down = t("upstreamDown");
    return {
      texts: {
        generic: t("generic"),
        badResponse: null,
        crossOrigin: t("crossOrigin"),
        notFound: t("notFound"),
        conflict: t("conflict"),
        upstream: {
          upstream_timeout: t("upstreamTimeout"),
          upstream_auth: t("upstreamAuth"),
          upstream_unreachable: down,
          upstream_error: down,
          upstream_bad_response: down,
          upstream_unavailable: down,
          upstream_rate_limited: down,
        },
        upstreamRejected: null,
        upstreamRejectedWith: (detail) => t("upstreamRejected", { detail }),
      },
      // A field error (a duplicate code, say) in the reader's language where the key is known.
      own: (problem) => {
        const first = firstFieldError(problem);
        if (!first || (problem.status !== 409 && problem.status !== 422)) return undefined;
        const text = validation(first);
        return problem.code === "upstream_rejected" && problem.detail && text === first ? t("upstreamRejected", { detail: problem.detail }) : text;
      },
    };
  }, [t, validation]);
  return useProblemText(options);
}

export function isTransientFailure(error: unknown): boolean {
  if (!isProblemError(error)) return false;
  const { status, code } = error.problem;
  return status === 0 || status >= 500 || (isUpstreamCode(code) && code !== "upstream_auth");
}
