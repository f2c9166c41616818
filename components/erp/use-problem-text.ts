import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";
import { firstFieldError } from "@/lib/swr/problem-text";

// An /api/erp failure in the reader's words; a validation failure shows its first field message.

const RETRY_REFUSALS = ["already_retried", "nothing_to_retry"] as const;

export function useErpProblemText() {
  const t = useTranslations("erp.run.retryRefused");
  const options = useMemo<ProblemTextOptions>(
    () => ({
      own: (problem) => {
        if (problem.status === 409) {
          const reason = RETRY_REFUSALS.find((r) => r === problem.reason);
          if (reason) return t(reason);
        }
        return problem.status === 422 && problem.code !== "upstream_rejected" ? (firstFieldError(problem) ?? problem.detail) : undefined;
      },
    }),
    [t],
  );
  return useProblemText(options);
}
