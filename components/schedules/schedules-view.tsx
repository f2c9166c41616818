"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { Fragment, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ScrollTable } from "@/components/data-table/scroll-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedButton } from "@/components/ui/gated-button";
import { useProblemText } from "@/components/ui/use-problem-text";
import { ErrorState, Notice, TableSkeleton } from "@/components/ui/states";
import { cardClass, helpTextClass, linkClass, tdClass, theadClass, thClass } from "@/components/ui/styles";
import { useScheduleWords } from "@/components/schedules/describe";
import { createScheduleRequest, deleteScheduleRequest, pauseScheduleRequest, updateScheduleRequest, useSchedules } from "@/lib/schedules/client";
import { emptyFormValues, toFormValues } from "@/lib/schedules/constants";
import type { ScheduleBodyInput, ScheduleRow, ScheduleRunRow } from "@/lib/schedules/schemas";
import { isProblemError, ProblemError } from "@/lib/swr/fetcher";

// The schedules page: the list (what, when, zone, quiet hours, next and last start), the form in
// the URL (?edit=new or ?edit=<id>), one schedule's history in the URL (?history=<id>).

const URL_STATE = { edit: parseAsString, history: parseAsString };

// The form (react-hook-form and the handlers' schema) loads when it opens, not with the list.
const ScheduleForm = dynamic(() => import("@/components/schedules/schedule-form").then((m) => m.ScheduleForm));

export function SchedulesView({ canWrite, disabledReason }: { canWrite: boolean; disabledReason: string | null }) {
  const t = useTranslations("schedules");
  const { data, error, mutate, isLoading } = useSchedules();
  const [{ edit, history }, setUrl] = useQueryStates(URL_STATE, { history: "push" });
  const problemText = useProblemText();
  const words = useScheduleWords();
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const editing = edit && edit !== "new" ? (data?.items.find((s) => s.id === edit) ?? null) : null;
  const showForm = canWrite && (edit === "new" || editing !== null);
  const nextText = (row: ScheduleRow) => (row.nextStartAt ? words.when(row.nextStartAt, row.timeZone).time : t("toast.noNext"));

  const save = async (values: ScheduleBodyInput) => {
    const { schedule } = editing ? await updateScheduleRequest(editing.id, values) : await createScheduleRequest(values);
    toast.success(t(editing ? "toast.saved" : "toast.created", { next: nextText(schedule) }));
    await setUrl({ edit: null });
    await mutate();
  };

  const act = async (row: ScheduleRow, action: "pause" | "resume" | "delete") => {
    setPending(row.id);
    try {
      if (action === "delete") {
        await deleteScheduleRequest(row.id);
        setDeleting(null);
        toast.success(t("toast.deleted"));
        if (edit === row.id || history === row.id) await setUrl({ edit: null, history: null });
      } else {
        const { schedule } = await pauseScheduleRequest(row.id, action === "pause");
        toast.success(action === "pause" ? t("toast.paused") : t("toast.resumed", { next: nextText(schedule) }));
      }
    } catch (e) {
      toast.error(t("toast.failed", { reason: problemText(e) }));
    } finally {
      setPending(null);
      await mutate();
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <Link href="/erp" className={linkClass}>
            {t("backToErp")}
          </Link>
          <p className={helpTextClass}>{t("windowNote", { minutes: data?.windowMinutes ?? 15 })}</p>
        </div>
        <GatedButton variant="primary" disabledReason={disabledReason} testId="schedule-new" onClick={() => void setUrl({ edit: "new" })}>
          {t("new")}
        </GatedButton>
      </div>

      {showForm && data ? (
        <div className={cardClass}>
          <ScheduleForm
            key={editing?.id ?? "new"}
            initial={editing ? toFormValues(editing) : emptyFormValues(data.defaultTimeZone)}
            editing={editing !== null}
            defaultTimeZone={data.defaultTimeZone}
            onSubmit={save}
            onCancel={() => void setUrl({ edit: null })}
            failureText={problemText}
          />
        </div>
      ) : null}

      {error && !data ? (
        <ErrorState testId="schedules-error" messages="schedules" error={isProblemError(error) ? error : new ProblemError({ status: 0, code: "network" })} onRetry={() => void mutate()} />
      ) : !data || isLoading ? (
        <TableSkeleton rows={3} label={t("loading")} cells={["w-24", "w-40", "w-28", "w-28", "w-32"]} testId="schedules-loading" />
      ) : data.items.length === 0 ? (
        <Notice testId="schedules-empty" title={t("emptyTitle")} body={t("emptyBody")} />
      ) : (
        <ScrollTable label={t("table.caption")}>
          <table className="w-full text-sm max-sm:min-w-[52rem]" data-testid="schedules-table">
            <caption className="sr-only">{t("table.caption")}</caption>
            <thead className={theadClass}>
              <tr>
                {(["kind", "rule", "timeZone", "quiet", "next", "last", "state", "actions"] as const).map((c) => (
                  <th key={c} scope="col" className={thClass}>
                    {t(`table.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.items.map((row) => (
                <Fragment key={row.id}>
                  <ScheduleLine
                    row={row}
                    canWrite={canWrite}
                    disabledReason={disabledReason}
                    pending={pending === row.id}
                    historyOpen={history === row.id}
                    onEdit={() => void setUrl({ edit: row.id })}
                    onHistory={() => void setUrl({ history: history === row.id ? null : row.id })}
                    onPause={() => void act(row, row.paused ? "resume" : "pause")}
                    onDelete={() => setDeleting(row)}
                  />
                  {history === row.id ? (
                    <tr>
                      <td colSpan={8} className="bg-slate-50 px-3 py-3 dark:bg-slate-800/50">
                        <History row={row} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}

      <ConfirmDialog
        open={deleting !== null}
        testId="schedule-delete-dialog"
        title={t("confirmDelete.title")}
        description={deleting ? t("confirmDelete.body", { name: words.label(deleting) }) : null}
        confirmLabel={t("confirmDelete.confirm")}
        cancelLabel={t("confirmDelete.cancel")}
        tone="danger"
        pending={deleting !== null && pending === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void act(deleting, "delete")}
      />
    </div>
  );
}

function ScheduleLine({
  row,
  canWrite,
  disabledReason,
  pending,
  historyOpen,
  onEdit,
  onHistory,
  onPause,
  onDelete,
}: {
  row: ScheduleRow;
  canWrite: boolean;
  disabledReason: string | null;
  pending: boolean;
  historyOpen: boolean;
  onEdit: () => void;
  onHistory: () => void;
  onPause: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("schedules");
  const tKinds = useTranslations("erp.imports.kinds");
  const words = useScheduleWords();
  const last = row.history[0] ?? null;
  const reason = canWrite ? null : disabledReason;
  return (
    <tr data-testid="schedule-row" data-kind={row.kind} data-id={row.id} data-paused={row.paused ? "1" : "0"}>
      <td className={tdClass}>
        <span className="font-medium">{tKinds(`${row.kind}.name`)}</span>
        {row.name ? <span className="block text-slate-600 dark:text-slate-300">{row.name}</span> : null}
      </td>
      <td className={tdClass} data-testid="schedule-rule">
        {words.rule(row.rule)}
      </td>
      <td className={tdClass}>{row.timeZone}</td>
      <td className={tdClass} data-testid="schedule-quiet">
        {words.quiet(row)}
      </td>
      <td className={tdClass} data-testid="schedule-next">
        {row.paused ? (
          t("next.paused")
        ) : row.nextStartAt ? (
          <NextStart iso={row.nextStartAt} timeZone={row.timeZone} />
        ) : (
          t("next.none")
        )}
      </td>
      <td className={tdClass} data-testid="schedule-last">
        {last ? <RunSummary run={last} timeZone={row.timeZone} /> : t("last.never")}
      </td>
      <td className={tdClass}>{row.paused ? t("state.paused") : t("state.active")}</td>
      <td className={tdClass}>
        <div className="flex flex-wrap gap-2">
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-edit" onClick={onEdit}>
            {t("actions.edit")}
          </GatedButton>
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-pause" pending={pending} onClick={onPause}>
            {row.paused ? t("actions.resume") : t("actions.pause")}
          </GatedButton>
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-delete" variant="danger" onClick={onDelete}>
            {t("actions.delete")}
          </GatedButton>
          <button type="button" className="text-sm underline" aria-expanded={historyOpen} data-testid="schedule-history-toggle" onClick={onHistory}>
            {historyOpen ? t("actions.hideHistory") : t("actions.history")}
          </button>
        </div>
      </td>
    </tr>
  );
}

function NextStart({ iso, timeZone }: { iso: string; timeZone: string }) {
  const { when } = useScheduleWords();
  const w = when(iso, timeZone);
  return (
    <span suppressHydrationWarning>
      <time dateTime={iso}>{w.time}</time> <span className="text-slate-600 dark:text-slate-300">({w.relative})</span>
    </span>
  );
}

function RunSummary({ run, timeZone }: { run: ScheduleRunRow; timeZone: string }) {
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

function History({ row }: { row: ScheduleRow }) {
  const t = useTranslations("schedules");
  const words = useScheduleWords();
  if (row.history.length === 0) return <p className={helpTextClass}>{t("history.empty")}</p>;
  return (
    <div data-testid="schedule-history">
      <h3 className="mb-2 font-semibold">{t("history.title", { name: words.label(row) })}</h3>
      <table className="w-full text-sm">
        <thead>
          <tr>
            {(["due", "at", "outcome", "message"] as const).map((c) => (
              <th key={c} scope="col" className={thClass}>
                {t(`history.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row.history.map((run) => (
            <tr key={run.id} data-testid="schedule-history-row" data-outcome={run.outcome}>
              <td className={tdClass} suppressHydrationWarning>
                {words.when(run.dueAt, row.timeZone).time}
              </td>
              <td className={tdClass} suppressHydrationWarning>
                {words.when(run.at, row.timeZone).time}
              </td>
              <td className={tdClass}>
                {t(`outcomes.${run.outcome}`)}
                {run.importRunId ? <span className="block text-xs">{t("history.importRun", { id: run.importRunId })}</span> : null}
              </td>
              <td className={tdClass}>
                {run.reason ? t(`reasons.${run.reason}`) : null}
                {run.message ? (
                  <span className="block" lang={run.outcome === "skipped" ? "en" : "tr"}>
                    {run.message}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
