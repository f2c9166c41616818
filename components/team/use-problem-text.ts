import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";

export function useTeamProblemText() {
  const t = useTranslations("team.errors");
  const options = useMemo<ProblemTextOptions>(
    () => ({
      // Other codes come from the problems catalog, so no English server detail reaches a Turkish page.
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
