"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { cardClass } from "@/components/ui/styles";
import { retriedFromInbox } from "@/lib/erp/inbox/lists";
import { MEANINGS } from "@/lib/erp/outcomes/meanings";
import { stopperArgs } from "@/lib/erp/outcomes/reasons";
import type { TransferRunDetail } from "@/lib/erp/schemas";
import { isRunActive, ordersDone } from "@/lib/erp/transfers/status";
import { RunResultBadge } from "@/components/erp/badges";
import { useDurationText } from "@/components/erp/format";
import { linkClass, warningBoxClass } from "@/components/erp/styles";
import { ProgressBar } from "@/components/erp/progress-bar";

export function RunSummary({ run, watch }: { run: TransferRunDetail; watch: React.ReactNode }) {
  const t = useTranslations("erp.run");
  const tOrigin = useTranslations("erp.history.origin");
  const tHistory = useTranslations("erp.history");
  const tResult = useTranslations("erp.result");
  const tMeanings = useTranslations("erp.meanings");
  const tHelp = useTranslations("erp.meaningHelp");
  const format = useFormatter();
  const dt = useDateTime();
  const duration = useDurationText();
  const c = run.counts;
  const m = run.meanings;
  const active = isRunActive(run.state);
  const done = ordersDone(c);
  const n = (v: number) => format.number(v);
  const notSent = m.notSent + m.sending;
  const summary =
    run.stop && !active && notSent > 0
      ? t(run.retryable.unsent > 0 ? "stoppedHeadline" : "stoppedHeadlineResent", { ...stopperArgs(run.stop.by), sent: c.total - notSent, notSent })
      : run.result === "running"
      ? t("summary.running", { batchesDone: run.batchesDone, batches: run.totalBatches, done, total: c.total })
      : t(`result.${run.result}`, {
          total: c.total,
          transferred: m.transferred,
          already: m.alreadyInErp,
          rejected: m.rejected,
          failed: m.failed,
          unknown: m.unknown,
          pending: notSent,
        });

  const counts: [string, number, string][] = [
    ["total", c.total, "count-total"],
    ["transferred", m.transferred, "count-transferred"],
    ["alreadyInErp", m.alreadyInErp, "count-already"],
    ["rejected", m.rejected, "count-rejected"],
    ["failed", m.failed, "count-failed"],
    ["unknown", m.unknown, "count-unknown"],
    [active ? "waiting" : "notSent", notSent, "count-not-sent"],
  ];

  return (
    <section className={`${cardClass} space-y-4`} aria-label={t("summaryLabel")}>
      <div className="flex flex-wrap items-center gap-3">
        <RunResultBadge result={run.result} testId="run-status" />
        <p className="font-medium" data-testid="run-summary">
          {summary}
        </p>
        {/* Announces the status when it changes, not every count while the run progresses. */}
        <p role="status" className="sr-only">
          {tResult(run.result)}
        </p>
      </div>
      {watch}
      {active ? (
        <div className="grid gap-3 sm:grid-cols-2" data-testid="run-progress">
          <ProgressBar label={t("progressBatches", { done: run.batchesDone, total: run.totalBatches })} value={run.batchesDone} max={run.totalBatches} testId="run-progress-batches" />
          <ProgressBar label={t("progressOrders", { done, total: c.total })} value={done} max={c.total} />
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {counts.map(([key, value, testId]) => (
          <div key={key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`counts.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      <details className="text-sm" data-testid="run-meanings-help">
        <summary className="cursor-pointer font-medium">{t("meaningsTitle")}</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {MEANINGS.filter((meaning) => meaning !== "sending").map((meaning) => (
            <div key={meaning} className="contents">
              <dt className="font-medium">{tMeanings(meaning)}</dt>
              <dd>{tHelp(meaning)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {run.status === "interrupted" ? <p className={warningBoxClass}>{t("interruptedNote")}</p> : null}
      {c.unknown > 0 ? (
        <p className={warningBoxClass} data-testid="run-unknown-note">
          {t("unknownNote", { count: c.unknown })}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("meta.startedBy")}</dt>
        <dd>
          {run.createdBy.name} ({run.createdBy.email})
        </dd>
        <dt className="font-medium">{t("meta.startedAt")}</dt>
        <dd>
          <time dateTime={run.createdAt}>{dt.dateTime(run.createdAt)}</time>
        </dd>
        <dt className="font-medium">{active ? t("meta.elapsed") : t("meta.duration")}</dt>
        <dd>{duration(run.durationMs)}</dd>
        <dt className="font-medium">{t("meta.batches")}</dt>
        <dd>{t("meta.batchesValue", { batches: run.totalBatches, batchSize: run.batchSize })}</dd>
        {run.origin === "automatic" || run.origin === "queue" || run.origin === "api" || retriedFromInbox(run) ? (
          <>
            <dt className="font-medium">{t("meta.origin")}</dt>
            <dd data-testid="run-origin">{retriedFromInbox(run) ? tHistory("fromInbox", { origin: tOrigin(run.origin) }) : tOrigin(run.origin)}</dd>
          </>
        ) : null}
        {run.parent ? (
          <>
            <dt className="font-medium">{t("meta.parent")}</dt>
            <dd data-testid="run-parent">
              {tOrigin(run.origin)}{" "}
              <Link href={`/erp/transfers/${run.parent.id}`} className={linkClass}>
                {t("meta.runOf", { when: dt.dateTime(run.parent.createdAt) })}
              </Link>
            </dd>
          </>
        ) : null}
        {run.children.length > 0 ? (
          <>
            <dt className="font-medium">{t("meta.children")}</dt>
            <dd>
              <ul data-testid="run-children">
                {run.children.map((child) => (
                  <li key={child.id}>
                    <Link href={`/erp/transfers/${child.id}`} className={linkClass}>
                      {tOrigin(child.origin)}: {dt.dateTime(child.createdAt)}
                    </Link>{" "}
                    <RunResultBadge result={child.result} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
