"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { isProblemError } from "@/lib/swr/fetcher";

const UPSTREAM_DOWN = new Set(["upstream_unreachable", "upstream_error", "upstream_bad_response", "upstream_unavailable", "upstream_rate_limited"]);

/** A validation key from the schemas or the handlers, in the reader's language; other text as is. */
export function useValidationText() {
  const t = useTranslations("warehouses.validation");
  return useCallback((message: string | undefined): string => (message && t.has(message) ? t(message) : (message ?? t("invalid"))), [t]);
}

/** Why a request to /api/warehouses failed, in the reader's language where the reason is known. */
export function useProblemText() {
  const t = useTranslations("warehouses.errors");
  const validation = useValidationText();
  return useCallback(
    (error: unknown): string => {
      if (!isProblemError(error)) return t("generic");
      const { status, code, detail, errors } = error.problem;
      if (status === 0) return t("network");
      if (status === 401) return t("unauthenticated");
      if (status === 403) return code === "cross_origin" ? t("crossOrigin") : t("forbidden");
      if (status === 404) return t("notFound");
      if (code === "upstream_timeout") return t("upstreamTimeout");
      if (code === "upstream_auth") return t("upstreamAuth");
      if (code && UPSTREAM_DOWN.has(code)) return t("upstreamDown");
      const first = errors ? Object.values(errors).flat()[0] : undefined;
      if (first && (status === 409 || status === 422)) {
        const text = validation(first);
        return code === "upstream_rejected" && detail && text === first ? t("upstreamRejected", { detail }) : text;
      }
      if (code === "upstream_rejected" && detail) return t("upstreamRejected", { detail });
      if (status === 409) return t("conflict");
      if (status >= 500) return t("generic");
      return detail ?? t("generic");
    },
    [t, validation],
  );
}

/** True for failures where retrying later may help (outage, timeout, network). */
export function isTransientFailure(error: unknown): boolean {
  if (!isProblemError(error)) return false;
  const { status, code } = error.problem;
  return status === 0 || status >= 500 || code === "upstream_timeout" || (code !== undefined && UPSTREAM_DOWN.has(code));
}
