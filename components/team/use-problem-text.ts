import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";

/** A refusal or failure from /api/team, in the reader's language where the reason is known. */
export function useTeamProblemText() {
  const t = useTranslations("team.errors");
  const options = useMemo<ProblemTextOptions>(
    () => ({
      // The team's own words; the rest (bad answers, cross-origin, platform trouble) come from the
      // shared problems catalog, so no English detail from the server reaches a Turkish page.
      texts: {
        generic: t("generic"),
        network: t("network"),
        unauthenticated: t("unauthenticated"),
        forbidden: t("forbidden"),
        notFound: t("notFound"),
      },
      own: ({ reason }) => (reason === "self_change" ? t("selfChange") : reason === "last_admin" ? t("lastAdmin") : undefined),
    }),
    [t],
  );
  return useProblemText(options);
}
