"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { problemText, UPSTREAM_CODES, type ProblemReading, type ProblemTexts, type UpstreamCode } from "@/lib/swr/problem-text";

export interface ProblemTextOptions {
  /** A feature's words replacing the shared ones (the `problems` catalog). */
  texts?: Partial<ProblemTexts>;
  own?: ProblemReading;
}

/**
 * Why a request to /api failed, in the reader's language where the reason is known. Pass options
 * that keep their identity between renders (a module constant or a memo), or the function changes
 * on every render.
 */
export function useProblemText(options?: ProblemTextOptions): (error: unknown) => string {
  const t = useTranslations("problems");
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
      ...overrides,
    }),
    [t, overrides],
  );
  return useCallback((error: unknown) => problemText(error, texts, own), [texts, own]);
}
