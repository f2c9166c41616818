"use client";

import { useTranslations } from "next-intl";
import type { OrderOutcome, TransferRunStatus } from "@/lib/erp/schemas";
import type { Meaning, RunResult } from "@/lib/erp/outcomes";

const BASE = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";
const GREEN = "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-700";
const RED = "bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/50 dark:text-red-100 dark:ring-red-700";
const AMBER = "bg-amber-100 text-amber-950 ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700";
const BLUE = "bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/50 dark:text-blue-100 dark:ring-blue-700";
const GREY = "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600";

const STATUS_STYLE: Record<TransferRunStatus, string> = {
  running: BLUE,
  all_transferred: GREEN,
  with_failures: RED,
  interrupted: AMBER,
};

const OUTCOME_STYLE: Record<OrderOutcome, string> = {
  pending: GREY,
  sending: BLUE,
  transferred: GREEN,
  not_transferred: RED,
  unknown: AMBER,
};

const RESULT_STYLE: Record<RunResult, string> = {
  running: BLUE,
  complete: GREEN,
  complete_with_rejections: GREY,
  needs_attention: RED,
  interrupted: AMBER,
};

const MEANING_STYLE: Record<Meaning, string> = {
  transferred: GREEN,
  already_in_erp: GREEN,
  rejected: GREY,
  failed: RED,
  unknown: AMBER,
  not_sent: GREY,
  sending: BLUE,
};

export function RunResultBadge({ result, testId }: { result: RunResult; testId?: string }) {
  const t = useTranslations("erp.result");
  return (
    <span data-result={result} data-testid={testId} className={`${BASE} ${RESULT_STYLE[result]}`}>
      {t(result)}
    </span>
  );
}

export function MeaningBadge({ meaning }: { meaning: Meaning }) {
  const t = useTranslations("erp.meanings");
  return (
    <span data-meaning={meaning} className={`${BASE} ${MEANING_STYLE[meaning]}`}>
      {t(meaning)}
    </span>
  );
}

export function RunStatusBadge({ status, testId }: { status: TransferRunStatus; testId?: string }) {
  const t = useTranslations("erp.status");
  return (
    <span data-status={status} data-testid={testId} className={`${BASE} ${STATUS_STYLE[status]}`}>
      {t(status)}
    </span>
  );
}

export function OutcomeBadge({ outcome }: { outcome: OrderOutcome }) {
  const t = useTranslations("erp.outcomes");
  return (
    <span data-outcome={outcome} className={`${BASE} ${OUTCOME_STYLE[outcome]}`}>
      {t(outcome)}
    </span>
  );
}

export function ImportOutcomeBadge({ outcome }: { outcome: "pending" | "started" | "failed" }) {
  const t = useTranslations("erp.imports.outcomes");
  const style = outcome === "started" ? GREEN : outcome === "failed" ? RED : BLUE;
  return (
    <span data-outcome={outcome} className={`${BASE} ${style}`}>
      {t(outcome)}
    </span>
  );
}
