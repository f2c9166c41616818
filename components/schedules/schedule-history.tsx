"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { PlainTable } from "@/components/data-table/plain-table";
import { helpTextClass } from "@/components/ui/styles";
import { useScheduleWords } from "@/components/schedules/describe";
import type { ScheduleRow, ScheduleRunRow } from "@/lib/schedules/schemas";

export function NextStart({ iso, timeZone }: { iso: string; timeZone: string }) {
  const { when } = useScheduleWords();
  const w = when(iso, timeZone);
  return (
    <span suppressHydrationWarning>
      <time dateTime={iso}>{w.time}</time>{w.relative ? <span className="text-slate-600 dark:text-slate-300"> ({w.relative})</span> : null}
    </span>
  );
}

export function RunSummary({ run, timeZone }: { run: ScheduleRunRow; timeZone: string }) {
  const t = useTranslations("schedules");
  const { when } = useScheduleWords();
  const tone = run.outcome === "started" ? "text-green-800 dark:text-green-200" : run.outcome === "failed" ? "text-red-800 dark:text-red-200" : "text-amber-800 dark:text-amber-200";
  return (
    <span data-outcome={run.outcome} suppressHydrationWarning>
      <time dateTime={run.at}>{when(run.at, timeZone).time}</time> <span className={`font-medium ${tone}`}>{t(`outcomes.${run.outcome}`)}</span>
      {run.reason ? <span className="block text-xs">{t(`reasons.${run.reason}`)}</span> : null}
      {run.outcome === "failed" && run.message ? (
        <span className="block text-xs" lang="tr">
          {run.message}
        </span>
      ) : null}
    </span>
  );
}

export function History({ row }: { row: ScheduleRow }) {
  const t = useTranslations("schedules");
  const words = useScheduleWords();
  if (row.history.length === 0) return <p className={helpTextClass}>{t("history.empty")}</p>;
  return (
    <div data-testid="schedule-history">
      <h3 className="mb-2 font-semibold">{t("history.title", { name: words.label(row) })}</h3>
      <PlainTable
        rows={row.history}
        rowKey={(run) => String(run.id)}
        rowProps={(run) => ({ "data-testid": "schedule-history-row", "data-outcome": run.outcome })}
        columns={[
          { id: "due", header: t("history.due"), cell: (run) => <span suppressHydrationWarning>{words.when(run.dueAt, row.timeZone).time}</span> },
          { id: "at", header: t("history.at"), cell: (run) => <span suppressHydrationWarning>{words.when(run.at, row.timeZone).time}</span> },
          {
            id: "outcome",
            header: t("history.outcome"),
            cell: (run) => (
              <>
                {t(`outcomes.${run.outcome}`)}
                {run.importRunId ? <span className="block text-xs">{t("history.importRun", { id: run.importRunId })}</span> : null}
                {run.transferRunId ? (
                  <Link href={`/erp/transfers/${run.transferRunId}`} className="block text-xs underline">
                    {t("history.transferRun")}
                  </Link>
                ) : null}
                {run.reconciliationId ? (
                  <Link href={`/reconciliations/${run.reconciliationId}`} className="block text-xs underline">
                    {t("history.reconciliation")}
                  </Link>
                ) : null}
              </>
            ),
          },
          {
            id: "message",
            header: t("history.message"),
            cell: (run) => (
              <>
                {run.reason ? t(`reasons.${run.reason}`) : null}
                {run.message ? (
                  <span className="block" lang={run.outcome === "skipped" ? "en" : "tr"}>
                    {run.message}
                  </span>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
