"use client";

import { useTranslations } from "next-intl";
import { ErrorState as BaseErrorState, Notice as BaseNotice, TableSkeleton as BaseTableSkeleton } from "@/components/ui/states";
import type { ProblemError } from "@/lib/swr/fetcher";
import { useErpProblemText } from "./use-problem-text";

// The ERP lists' states: the shared ones, compact (each list sits in a section of its page), with
// the ERP's texts.

export function Notice(props: Omit<React.ComponentProps<typeof BaseNotice>, "compact">) {
  return <BaseNotice {...props} compact />;
}

export function ErrorState({ testId, error, onRetry }: { testId: string; error: ProblemError; onRetry: () => void }) {
  const problemText = useErpProblemText();
  return (
    <BaseErrorState testId={testId} messages="erp.states" error={error} onRetry={onRetry} compact>
      <p className="mt-1 text-sm">{problemText(error)}</p>
    </BaseErrorState>
  );
}

const CELLS = ["w-32", "w-40", "flex-1"] as const;

export function TableSkeleton({ testId, rows }: { testId: string; rows: number }) {
  const t = useTranslations("erp.states");
  return <BaseTableSkeleton testId={testId} rows={rows} label={t("loading")} cells={CELLS} />;
}
