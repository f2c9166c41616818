"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { useCodeText } from "@/components/ui/use-code-text";
import { UPSTREAM_CODES, type UpstreamCode } from "@/lib/rules/problems";
import { problemText, type ProblemReading, type ProblemTexts } from "@/lib/swr/problem-text";

export interface ProblemTextOptions {
  texts?: Partial<ProblemTexts>;
  own?: ProblemReading;
}

/** Codes whose catalog text stands in for the console's English detail on other pages. */
const CODE_TEXTS = ["bad_request", "conflict", "validation_failed", "too_many_requests"] as const;

/** Pass options that keep their identity between renders (a constant or a memo), or the function changes every render. */
export function useProblemText(options?: ProblemTextOptions): (error: unknown) => string {
  const t = useTranslations("problems");
  const say = useCodeText();
  const english = useLocale() === DEFAULT_LOCALE;
  const overrides = options?.texts;
  const own = options?.own;
  const texts = useMemo<ProblemTexts>(
    () => ({
      generic: t("generic"),
      network: t("network"),
      badResponse: t("badResponse"),
      unauthenticated: t("unauthenticated"),
      forbidden: t("forbidden"),
      crossOrigin: t("crossOrigin"),
      notFound: t("notFound"),
      conflict: null,
      upstream: Object.fromEntries(UPSTREAM_CODES.map((code) => [code, t(code)])) as Record<UpstreamCode, string>,
      upstreamRejected: t("upstreamRejected"),
      upstreamRejectedWith: (message) => t("upstreamRejectedWith", { message }),
      say,
      ...(english ? {} : { byCode: Object.fromEntries(CODE_TEXTS.map((code) => [code, t(code)])) }),
      ...overrides,
    }),
    [t, say, english, overrides],
  );
  return useCallback((error: unknown) => problemText(error, texts, own), [texts, own]);
}
