"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useMemo, useState } from "react";
import { toast } from "@/components/ui/toast";
import { listColumns, type ListColumn } from "@/components/data-table/list-table";
import { listTexts, ResourceList } from "@/components/data-table/resource-list";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedButton } from "@/components/ui/gated-button";
import { useProblemText } from "@/components/ui/use-problem-text";
import { cardClass, helpTextClass, linkClass } from "@/components/ui/styles";
import { useScheduleWords } from "@/components/schedules/describe";
import { History, NextStart, RunSummary } from "@/components/schedules/schedule-history";
import { useListState } from "@/lib/list/client";
import { createScheduleRequest, deleteScheduleRequest, pauseScheduleRequest, runScheduleRequest, updateScheduleRequest, useSchedules } from "@/lib/schedules/client";
import { emptyFormValues, SCHEDULES_API, toFormValues } from "@/lib/schedules/constants";
import { SCHEDULE_PAGE_SIZES, scheduleListBase as scheduleList } from "@/lib/schedules/lists";
import type { ScheduleBodyInput, ScheduleRow } from "@/lib/schedules/schemas";
import { useRevalidateUnder } from "@/lib/swr/revalidate";

const URL_STATE = { edit: parseAsString, history: parseAsString };
type ScheduleColumn = "kind" | "rule" | "timeZone" | "quiet" | "next" | "last" | "state" | "actions";
const SKELETON_CELLS = ["w-24", "w-40", "w-28", "w-28", "w-32"] as const;

// The form (react-hook-form and the handlers' schema) loads when it opens, not with the list.
const ScheduleForm = dynamic(() => import("@/components/schedules/schedule-form").then((m) => m.loadScheduleForm()));

export function SchedulesView({ canWrite, disabledReason }: { canWrite: boolean; disabledReason: string | null }) {
  const t = useTranslations("schedules");
  const [state, update] = useListState(scheduleList);
  const schedules = useSchedules(state);
  const { data } = schedules;
  const [{ edit, history }, setUrl] = useQueryStates(URL_STATE, { history: "push" });
  const problemText = useProblemText();
  const words = useScheduleWords();
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const editing = edit && edit !== "new" ? (data?.items.find((s) => s.id === edit) ?? null) : null;
  const showForm = canWrite && (edit === "new" || editing !== null);
  const revalidate = useRevalidateUnder();
  const nextText = useCallback((row: ScheduleRow) => (row.nextStartAt ? words.when(row.nextStartAt, row.timeZone).time : t("toast.noNext")), [t, words]);

  // A write can move schedules across pages: every page of the list is read again.
  const save = async (values: ScheduleBodyInput) => {
    const { schedule } = editing ? await updateScheduleRequest(editing.id, values) : await createScheduleRequest(values);
    toast.success(t(editing ? "toast.saved" : "toast.created", { next: nextText(schedule) }));
    await setUrl({ edit: null });
    await revalidate(SCHEDULES_API);
  };

  const act = useCallback(
    async (row: ScheduleRow, action: "pause" | "resume" | "delete" | "run") => {
      setPending(row.id);
      try {
        if (action === "delete") {
          await deleteScheduleRequest(row.id);
          setDeleting(null);
          toast.success(t("toast.deleted"));
          if (edit === row.id || history === row.id) await setUrl({ edit: null, history: null });
        } else if (action === "run") {
          await runScheduleRequest(row.id);
          toast.success(t("toast.ran"));
        } else {
          const { schedule } = await pauseScheduleRequest(row.id, action === "pause");
          toast.success(action === "pause" ? t("toast.paused") : t("toast.resumed", { next: nextText(schedule) }));
        }
      } catch (e) {
        toast.error(t("toast.failed", { reason: problemText(e) }));
      } finally {
        setPending(null);
        await revalidate(SCHEDULES_API);
      }
    },
    [t, edit, history, setUrl, nextText, problemText, revalidate],
  );

  const onEdit = useCallback((row: ScheduleRow) => void setUrl({ edit: row.id }), [setUrl]);
  const onHistory = useCallback((row: ScheduleRow) => void setUrl({ history: history === row.id ? null : row.id }), [setUrl, history]);
  const onPause = useCallback((row: ScheduleRow) => void act(row, row.paused ? "resume" : "pause"), [act]);
  const onRun = useCallback((row: ScheduleRow) => void act(row, "run"), [act]);
  const columns = useScheduleColumns({ canWrite, disabledReason, pending, history, onEdit, onHistory, onPause, onRun, onDelete: setDeleting });

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

      <ResourceList
        testId="schedules"
        errorMessages="schedules"
        texts={listTexts(t, "", { noMatchTitle: t("emptyTitle") })}
        query={schedules}
        skeleton={{ rows: 3, cells: SKELETON_CELLS }}
        paging={{ messages: "schedules.pagination", state, sizes: SCHEDULE_PAGE_SIZES, update, testId: "schedules-pagination", onlyWhenPaged: true }}
        table={{
          columns,
          rowId: (row) => row.id,
          caption: t("table.caption"),
          testId: "schedules-table",
          rowTestId: "schedule-row",
          rowProps: (row) => ({ "data-kind": row.kind, "data-id": row.id, "data-paused": row.paused ? "1" : "0" }),
          detail: (row) => (history === row.id ? { id: `schedule-history-${row.id}`, content: <History row={row} /> } : null),
        }}
      />

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

function useScheduleColumns({
  canWrite,
  disabledReason,
  pending,
  history,
  onEdit,
  onHistory,
  onPause,
  onRun,
  onDelete,
}: {
  canWrite: boolean;
  disabledReason: string | null;
  pending: string | null;
  history: string | null;
  onEdit: (row: ScheduleRow) => void;
  onHistory: (row: ScheduleRow) => void;
  onPause: (row: ScheduleRow) => void;
  onRun: (row: ScheduleRow) => void;
  onDelete: (row: ScheduleRow) => void;
}) {
  const t = useTranslations("schedules");
  const tKinds = useTranslations("erp.imports.kinds");
  const words = useScheduleWords();
  const reason = canWrite ? null : disabledReason;
  return useMemo<ListColumn<ScheduleRow>[]>(() => {
    const column = listColumns<ScheduleRow, ScheduleColumn>(t, "table.");
    return [
      column("kind", (row) => (
        <>
          <span className="font-medium">{tKinds(`${row.kind}.name`)}</span>
          {row.name ? <span className="block text-slate-600 dark:text-slate-300">{row.name}</span> : null}
          {row.windowHours ? <span className="block text-slate-600 dark:text-slate-300" data-testid="schedule-window-hours">{t("windowLast", { hours: row.windowHours })}</span> : null}
        </>
      )),
      column("rule", (row) => (
        <>
          <span data-testid="schedule-rule">{words.rule(row.rule)}</span>
          {words.early(row) ? (
            <span data-testid="schedule-early" className="block text-slate-600 dark:text-slate-300">
              {words.early(row)}
            </span>
          ) : null}
        </>
      )),
      column("timeZone", (row) => row.timeZone),
      column("quiet", (row) => <span data-testid="schedule-quiet">{words.window(row)}</span>),
      column("next", (row) => (
        <span data-testid="schedule-next">
          {row.paused ? t("next.paused") : row.nextStartAt ? <NextStart iso={row.nextStartAt} timeZone={row.timeZone} /> : t("next.none")}
        </span>
      )),
      column("last", (row) => <span data-testid="schedule-last">{row.history[0] ? <RunSummary run={row.history[0]} timeZone={row.timeZone} /> : t("last.never")}</span>),
      column("state", (row) => (row.paused ? t("state.paused") : t("state.active"))),
      column("actions", (row) => (
        <div className="flex flex-wrap gap-2">
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-edit" onClick={() => onEdit(row)}>
            {t("actions.edit")}
          </GatedButton>
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-pause" pending={pending === row.id} onClick={() => onPause(row)}>
            {row.paused ? t("actions.resume") : t("actions.pause")}
          </GatedButton>
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-run" pending={pending === row.id} onClick={() => onRun(row)}>
            {t("actions.run")}
          </GatedButton>
          <GatedButton disabledReason={reason} showReason={false} testId="schedule-delete" variant="danger" onClick={() => onDelete(row)}>
            {t("actions.delete")}
          </GatedButton>
          <button
            type="button"
            className="text-sm underline max-sm:min-h-11"
            aria-expanded={history === row.id}
            aria-controls={history === row.id ? `schedule-history-${row.id}` : undefined}
            data-testid="schedule-history-toggle"
            onClick={() => onHistory(row)}
          >
            {history === row.id ? t("actions.hideHistory") : t("actions.history")}
          </button>
        </div>
      )),
    ];
  }, [t, tKinds, words, reason, pending, history, onEdit, onHistory, onPause, onRun, onDelete]);
}
