import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";
import { firstFieldError } from "@/lib/swr/problem-text";

// A refusal or failure from /api/erp in the reader's language: the shared words throughout; a
// validation failure shows its first field message.

const ERP_PROBLEMS: ProblemTextOptions = {
  own: (problem) => (problem.status === 422 && problem.code !== "upstream_rejected" ? (firstFieldError(problem) ?? problem.detail) : undefined),
};

export function useErpProblemText() {
  return useProblemText(ERP_PROBLEMS);
}
