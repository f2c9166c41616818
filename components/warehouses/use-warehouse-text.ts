"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";
import { fieldCodesOf, isUpstreamCode } from "@/lib/rules/problems";
import { isProblemError } from "@/lib/swr/fetcher";

export function useWarehouseProblemText() {
  const t = useTranslations("warehouses.errors");
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
      // A field error first (problemText says it from its code); the platform's own words are said as its refusal.
      own: (problem) => {
        const [field, messages] = Object.entries(problem.errors ?? {}).find(([, m]) => m.length > 0) ?? [];
        if (!field || !messages || (problem.status !== 409 && problem.status !== 422)) return undefined;
        const { code, detail } = problem;
        return code === "upstream_rejected" && detail && !fieldCodesOf(problem)[field] ? t("upstreamRejected", { detail }) : messages[0];
      },
    };
  }, [t]);
  return useProblemText(options);
}

export function isTransientFailure(error: unknown): boolean {
  if (!isProblemError(error)) return false;
  const { status, code } = error.problem;
  return status === 0 || status >= 500 || (isUpstreamCode(code) && code !== "upstream_auth");
}
