"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime, useNow } from "@/components/ui/time";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { DataTableFeatures } from "@/components/data-table/features";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, cardClass, helpTextClass, linkClass } from "@/components/ui/styles";
import { erpProblem, startImport, useImports, useRevalidate, type ErpProblem } from "@/lib/erp/client";
import { ERP_IMPORT_KINDS, IMPORTS_API, IMPORTS_PAGE_SIZE, importListBase as importList, type ImportKindName } from "@/lib/erp/lists";
import type { ImportRunRow } from "@/lib/erp/schemas";
import { useListState } from "@/lib/list/client";
import { ImportOutcomeBadge } from "@/components/erp/badges";
import { ErpTable, FilterSelect } from "@/components/erp/list";
import { errorBoxClass, reasonTextClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";

// The imports: the upstream only says "started" (docs/upstream-api.md), so we show who started them and when, never a progress.

// Read in handlers and effects only, never while rendering.
const clock = () => Date.now();

const helper = createColumnHelper<DataTableFeatures, ImportRunRow>();

export function ImportsPanel({ canRun, disabledReason }: { canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("erp.imports");
  const id = useId();
  const [state, update] = useListState(importList);
  const imports = useImports(state);
  const { data } = imports;
  const columns = useImportColumns();
  // ?start=<kind> (the palette's "Start stock import"): that card opens its dialog once the runs are known, then the address forgets it.
  const [startKind, setStartKind] = useQueryState("start", parseAsStringLiteral(ERP_IMPORT_KINDS).withOptions({ history: "replace", scroll: false }));
  const asked = data && startKind ? startKind : null;

  return (
    <section id="imports" aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-4" data-testid="imports">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className={helpTextClass}>{t("intro", { minutes: data?.windowMinutes ?? 15 })}</p>
        <p className="mt-1 text-sm">
          <Link href="/erp/schedules" className={linkClass} data-testid="schedules-link">
            {t("schedulesLink")}
          </Link>{" "}
          <span className="text-slate-600 dark:text-slate-300">{t("schedulesLinkHelp")}</span>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {ERP_IMPORT_KINDS.map((kind) => (
          <ImportCard
            key={kind}
            kind={kind}
            latest={data?.latest[kind] ?? null}
            loaded={Boolean(data)}
            windowMinutes={data?.windowMinutes ?? 0}
            asked={asked === kind}
            onAsked={() => void setStartKind(null)}
            canRun={canRun}
            disabledReason={disabledReason}
          />
        ))}
      </div>

      <div className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="text-base font-semibold">{t("historyTitle")}</h3>
          <FilterSelect
            label={t("kindFilter")}
            allLabel={t("kindAll")}
            value={state.kind}
            options={ERP_IMPORT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}.name`) }))}
            onChange={(kind) => update({ kind })}
          />
        </div>
        <ErpTable
          testId="imports"
          texts={{
            emptyTitle: t("emptyTitle"),
            emptyBody: t("emptyBody"),
            noMatchTitle: state.kind ? t("noMatchTitle", { kind: t(`kinds.${state.kind}.label`) }) : t("emptyTitle"),
            clearFilters: t("showAll"),
            pageEmptyTitle: t("pageEmpty"),
            firstPage: t("firstPage"),
          }}
          query={imports}
          filtered={importList.isFiltered(state)}
          onClearFilters={() => update({ kind: undefined })}
          table={{ columns, caption: t("historyTitle"), rowTestId: "imports-row", rowId: (run) => String(run.id), rowProps: (run) => ({ "data-kind": run.kind }) }}
          paging={{ state, update, sizes: [IMPORTS_PAGE_SIZE], label: t("paginationLabel") }}
        />
      </div>
    </section>
  );
}

type LastRun = NonNullable<ErpProblem["lastRun"]>;
type DialogState = { step: "confirm" } | { step: "repeat"; lastRun: LastRun; now: number } | null;

/** The run a new start would repeat, as the server judges it (lib/erp/imports.ts): pending, started or maybe started, within the window. */
function runToRepeat(latest: ImportRunRow | null, windowMinutes: number, now: number): LastRun | null {
  if (!latest || now - Date.parse(latest.startedAt) > windowMinutes * 60_000) return null;
  if (latest.outcome === "failed" && !latest.mayHaveActed) return null;
  return { by: latest.startedBy.email, byName: latest.startedBy.name, at: latest.startedAt, outcome: latest.outcome, origin: latest.origin };
}

function ImportCard({
  kind,
  latest,
  loaded,
  windowMinutes,
  asked,
  onAsked,
  canRun,
  disabledReason,
}: {
  kind: ImportKindName;
  latest: ImportRunRow | null;
  loaded: boolean;
  windowMinutes: number;
  asked: boolean;
  onAsked: () => void;
  canRun: boolean;
  disabledReason: string | null;
}) {
  const t = useTranslations("erp.imports");
  const dt = useDateTime();
  const now = useNow();
  const problemText = useErpProblemText();
  const revalidate = useRevalidate();
  const id = useId();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; uncertain: boolean } | null>(null);
  const pendingRef = useRef(false);
  const name = t(`kinds.${kind}.name`);
  const label = t(`kinds.${kind}.label`);

  const start = async (confirmRepeat: boolean) => {
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setFailure(null);
    try {
      const { run } = await startImport({ kind, ...(confirmRepeat ? { confirmRepeat: true } : {}) });
      setDialog(null);
      toast.success(t("startedToast", { kind: label, message: run.message ?? "" }));
    } catch (error) {
      const problem = erpProblem(error);
      if (problem?.status === 409 && problem.lastRun) {
        setDialog({ step: "repeat", lastRun: problem.lastRun, now: clock() });
      } else {
        setDialog(null);
        // No answer in time: the platform may have started it, so "not started" would be a guess.
        setFailure({ text: problemText(error), uncertain: problem?.code === "upstream_timeout" });
      }
    } finally {
      pendingRef.current = false;
      setPending(false);
      void revalidate(IMPORTS_API);
    }
  };

  // One dialog: a start that would repeat a recent run says who started it and when from the first step.
  const ask = () => {
    const at = clock();
    const lastRun = runToRepeat(latest, windowMinutes, at);
    setDialog(lastRun ? { step: "repeat", lastRun, now: at } : { step: "confirm" });
  };
  const startButton = useRef<HTMLButtonElement>(null);
  const askOnce = useEffectEvent(() => {
    if (canRun) {
      // The dialog hands the focus back to what held it when it opened: the start button, as after a click.
      startButton.current?.focus();
      ask();
    }
    onAsked();
  });
  useEffect(() => {
    if (!asked) return;
    const timer = window.setTimeout(askOnce, 0);
    return () => window.clearTimeout(timer);
  }, [asked]);

  const when = (iso: string, at: number | null = now) => ({
    relative: at === null ? dt.dateTime(iso) : dt.relative(iso, at),
    time: dt.dateTime(iso),
  });

  return (
    <div className={`${cardClass} flex flex-col gap-3`} data-testid={`import-card-${kind}`} aria-labelledby={`${id}-title`} role="group">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {name}
        </h3>
        <p className={helpTextClass}>{t(`kinds.${kind}.description`)}</p>
      </div>
      <div className="text-sm" data-testid="import-status" aria-live="polite">
        {!loaded ? (
          <span className="text-slate-600 dark:text-slate-300">{t("statusLoading")}</span>
        ) : !latest ? (
          <span>{t("neverStarted")}</span>
        ) : (
          <LatestStatus run={latest} when={when(latest.startedAt)} />
        )}
        <p className={helpTextClass}>{t("noCompletion")}</p>
      </div>
      {failure ? (
        <p role="alert" className={errorBoxClass} data-testid="import-failure">
          {t(failure.uncertain ? "uncertainNow" : "failedNow", { kind: label, reason: failure.text })}
        </p>
      ) : null}
      <div className="mt-auto">
        <button
          ref={startButton}
          type="button"
          className={buttonClass.primary}
          disabled={!canRun || pending}
          aria-describedby={!canRun ? `${id}-reason` : undefined}
          onClick={ask}
        >
          {pending ? t("starting") : t(`kinds.${kind}.start`)}
        </button>
        {!canRun ? (
          <p id={`${id}-reason`} className={reasonTextClass} data-testid="import-disabled-reason">
            {disabledReason}
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        open={dialog !== null}
        testId={`import-dialog-${kind}`}
        title={dialog?.step === "repeat" ? t(`kinds.${kind}.repeatTitle`) : t(`kinds.${kind}.confirmTitle`)}
        confirmLabel={dialog?.step === "repeat" ? t("repeatConfirm") : t("confirm")}
        cancelLabel={t("cancel")}
        tone={dialog?.step === "repeat" ? "warning" : "default"}
        pending={pending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void start(dialog?.step === "repeat")}
        description={
          dialog?.step === "repeat" ? (
            <>
              <p data-testid="import-repeat-warning">
                {dialog.lastRun.origin === "scheduled"
                  ? t("repeatBodyScheduled", { name: scheduleName(t, dialog.lastRun.byName, kind), kind: label, ...when(dialog.lastRun.at, dialog.now) })
                  : t(dialog.lastRun.outcome === "failed" ? "repeatBodyMaybe" : "repeatBody", {
                      name: dialog.lastRun.byName,
                      email: dialog.lastRun.by,
                      kind: label,
                      ...when(dialog.lastRun.at, dialog.now),
                    })}
              </p>
              <p>{t("repeatRisk")}</p>
            </>
          ) : (
            <>
              <p>{t(`kinds.${kind}.confirmBody`)}</p>
              <p>{t("noCompletion")}</p>
            </>
          )
        }
      />
    </div>
  );
}

interface Translator {
  (key: string, values?: Record<string, string>): string;
  has(key: string): boolean;
}

/** Who started it: the member's name, or the schedule (a run's startedBy.name is the schedule's name, empty when it has none). */
function scheduleName(t: Translator, name: string, kind: ImportKindName): string {
  return name ? t("scheduledBy", { name }) : t("scheduledUnnamed", { kind: t(`kinds.${kind}.name`) });
}

function starterName(t: Translator, run: ImportRunRow): string {
  return run.origin === "scheduled" ? scheduleName(t, run.startedBy.name, run.kind) : run.startedBy.name;
}

function importErrorText(t: Translator, errorCode: string | null): string {
  const code = errorCode ?? "console_error";
  const http = /^http_(\d+)$/.exec(code);
  const key = `errorCodes.${http ? "http" : code.replaceAll("-", "_")}`;
  return t.has(key) ? t(key, { status: http?.[1] ?? "" }) : code;
}

function LatestStatus({ run, when }: { run: ImportRunRow; when: { relative: string; time: string } }) {
  const t = useTranslations("erp.imports");
  if (run.outcome === "started") {
    return (
      <div>
        <p>
          <span suppressHydrationWarning>{t("startedAgo", { relative: when.relative, name: starterName(t, run), time: when.time })}</span>
        </p>
        {run.message ? <p className={helpTextClass}>{t("platformSaid", { message: run.message })}</p> : null}
      </div>
    );
  }
  if (run.outcome === "failed") {
    return (
      <div>
        <p className="text-red-800 dark:text-red-200">
          <span suppressHydrationWarning>{t("failedAgo", { relative: when.relative, name: starterName(t, run), time: when.time })}</span>{" "}
          {importErrorText(t, run.errorCode)}
          {run.message ? ` ${t("platformSaid", { message: run.message })}` : ""}
        </p>
        {run.mayHaveActed ? <p className={reasonTextClass}>{t("mayHaveStarted")}</p> : null}
      </div>
    );
  }
  return (
    <p>
      <span suppressHydrationWarning>{t("pendingAgo", { relative: when.relative, name: starterName(t, run) })}</span>
    </p>
  );
}

function useImportColumns() {
  const t = useTranslations("erp.imports");
  const dt = useDateTime();
  return useMemo(
    () =>
      helper.columns([
        helper.display({
          id: "when",
          header: () => t("table.when"),
          meta: { label: t("table.when"), className: "whitespace-nowrap" },
          cell: ({ row: { original: run } }) => (
            <time dateTime={run.startedAt}>{dt.dateTime(run.startedAt)}</time>
          ),
        }),
        helper.display({
          id: "who",
          header: () => t("table.who"),
          meta: { label: t("table.who"), className: "break-all" },
          cell: ({ row: { original: run } }) =>
            run.origin === "scheduled" ? (
              <Link href={run.scheduleId ? `/erp/schedules?history=${run.scheduleId}` : "/erp/schedules"} className={linkClass}>
                {starterName(t, run)}
              </Link>
            ) : (
              run.startedBy.email
            ),
        }),
        helper.display({
          id: "origin",
          header: () => t("table.origin"),
          meta: { label: t("table.origin") },
          cell: ({ row: { original: run } }) => <span data-origin={run.origin ?? "manual"}>{t(`origins.${run.origin ?? "manual"}`)}</span>,
        }),
        helper.display({ id: "kind", header: () => t("table.kind"), meta: { label: t("table.kind") }, cell: ({ row }) => t(`kinds.${row.original.kind}.name`) }),
        helper.display({
          id: "outcome",
          header: () => t("table.outcome"),
          meta: { label: t("table.outcome") },
          cell: ({ row: { original: run } }) => (
            <>
              <ImportOutcomeBadge outcome={run.outcome} />
              {run.repeatConfirmed ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t("repeatConfirmed")}</span> : null}
            </>
          ),
        }),
        helper.display({
          id: "message",
          header: () => t("table.message"),
          meta: { label: t("table.message"), className: "max-w-md break-words" },
          cell: ({ row: { original: run } }) => (
            <>
              {run.outcome === "failed" ? importErrorText(t, run.errorCode) : null}
              {run.message ? (
                <span className={run.outcome === "failed" ? "ml-1" : ""} lang="tr">
                  {run.message}
                </span>
              ) : null}
            </>
          ),
        }),
      ]),
    [t, dt],
  );
}
