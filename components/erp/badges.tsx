"use client";

import { useTranslations } from "next-intl";
import type { OrderOutcome, TransferRunStatus } from "@/lib/erp/schemas";
import type { Meaning, RunResult } from "@/lib/erp/outcomes/meanings";

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

/** The badge every kind below draws: its value in a data attribute (`data-<kind>`) for tests and styles. */
function Pill({ kind, value, style, text, testId }: { kind: string; value: string; style: string; text: string; testId?: string }) {
  return (
    <span {...{ [`data-${kind}`]: value }} data-testid={testId} className={`${BASE} ${style}`}>
      {text}
    </span>
  );
}

export function RunResultBadge({ result, testId }: { result: RunResult; testId?: string }) {
  const t = useTranslations("erp.result");
  return <Pill kind="result" value={result} style={RESULT_STYLE[result]} text={t(result)} testId={testId} />;
}

export function MeaningBadge({ meaning, text }: { meaning: Meaning; text?: string }) {
  const t = useTranslations("erp.meanings");
  return <Pill kind="meaning" value={meaning} style={MEANING_STYLE[meaning]} text={text ?? t(meaning)} />;
}

export function RunStatusBadge({ status, testId }: { status: TransferRunStatus; testId?: string }) {
  const t = useTranslations("erp.status");
  return <Pill kind="status" value={status} style={STATUS_STYLE[status]} text={t(status)} testId={testId} />;
}

export function OutcomeBadge({ outcome }: { outcome: OrderOutcome }) {
  const t = useTranslations("erp.outcomes");
  return <Pill kind="outcome" value={outcome} style={OUTCOME_STYLE[outcome]} text={t(outcome)} />;
}

export function ImportOutcomeBadge({ outcome }: { outcome: "pending" | "started" | "failed" }) {
  const t = useTranslations("erp.imports.outcomes");
  return <Pill kind="outcome" value={outcome} style={outcome === "started" ? GREEN : outcome === "failed" ? RED : BLUE} text={t(outcome)} />;
}
