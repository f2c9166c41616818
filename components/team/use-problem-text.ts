import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ProblemError } from "@/lib/team/api-client";

/** A refusal or failure from /api/team, in the reader's language where the reason is known. */
export function useProblemText() {
  const t = useTranslations("team.errors");
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ProblemError)) return t("generic");
      const { status, reason, code, detail } = error.problem;
      if (reason === "self_change") return t("selfChange");
      if (reason === "last_admin") return t("lastAdmin");
      if (status === 0 && code === "network") return t("network");
      if (status === 401) return t("unauthenticated");
      if (status === 403 && code === "forbidden") return t("forbidden");
      if (status === 404) return t("notFound");
      if (status >= 500 || !detail) return t("generic");
      return detail;
    },
    [t],
  );
}
