"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { buttonClass, cardClass, helpTextClass, tableWrapClass, tdClass, thClass, theadClass } from "@/components/ui/styles";
import { erpProblem, IMPORTS_KEY, startImport, type ErpProblem } from "@/lib/erp/api-client";
import { ERP_IMPORT_KINDS, listImportsQueryFields, parseTolerant, type ImportKindName, type ImportRunRow } from "@/lib/erp/schemas";
import { useImports, useRevalidate } from "@/lib/erp/use-erp";
import { ImportOutcomeBadge } from "./badges";
import { ErrorState, Notice, TableSkeleton } from "./states";
import { errorBoxClass, reasonTextClass, rowClass, selectClass } from "./styles";
import { useErpProblemText } from "./use-problem-text";

// The three imports. The upstream only says "started" (no job id, no status: upstream-api.md), so
// the status shown is when and by whom it was started, never a progress the platform does not give.

const URL_STATE = { import: parseAsString, ipage: parseAsString };
const IMPORTS_PAGE_SIZE = 10 as const;

export function ImportsPanel({ canRun, disabledReason }: { canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("erp.imports");
  const id = useId();
  const [raw, setRaw] = useQueryStates(URL_STATE, { history: "push" });
  const query = useMemo(() => {
    const parsed = parseTolerant(listImportsQueryFields, { kind: raw.import ?? undefined, page: raw.ipage ?? undefined });
    return { kind: parsed.kind, page: parsed.page, limit: IMPORTS_PAGE_SIZE };
  }, [raw]);
  const { data, error, isLoading, mutate } = useImports(query);
  const onKind = useCallback((kind: string | null) => void setRaw({ import: kind, ipage: null }), [setRaw]);
  const onPage = useCallback((page: number) => void setRaw({ ipage: page > 1 ? String(page) : null }), [setRaw]);
  const stale = Boolean(data && isLoading);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="imports">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className={helpTextClass}>{t("intro", { minutes: data?.windowMinutes ?? 15 })}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {ERP_IMPORT_KINDS.map((kind) => (
          <ImportCard
            key={kind}
            kind={kind}
            latest={data?.latest[kind] ?? null}
            loaded={Boolean(data)}
            canRun={canRun}
            disabledReason={disabledReason}
          />
        ))}
      </div>

      <div className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="text-base font-semibold">{t("historyTitle")}</h3>
          <div>
            <label htmlFor={`${id}-kind`} className="mb-1 block text-sm font-medium">
              {t("kindFilter")}
            </label>
            <select id={`${id}-kind`} className={selectClass} value={query.kind ?? ""} onChange={(e) => onKind(e.target.value || null)}>
              <option value="">{t("kindAll")}</option>
              {ERP_IMPORT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}.name`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {error ? (
          <ErrorState testId="imports-error" error={error} onRetry={() => void mutate()} />
        ) : !data ? (
          <TableSkeleton testId="imports-loading" rows={3} />
        ) : data.total === 0 ? (
          query.kind ? (
            <Notice testId="imports-no-match" title={t("noMatchTitle", { kind: t(`kinds.${query.kind}.label`) })}>
              <button type="button" className={buttonClass.primary} onClick={() => onKind(null)}>
                {t("showAll")}
              </button>
            </Notice>
          ) : (
            <Notice testId="imports-empty" title={t("emptyTitle")} body={t("emptyBody")} />
          )
        ) : (
          <>
            <ImportHistoryTable items={data.items} busy={stale} />
            <Pagination
              messages="erp.pagination"
              label={t("paginationLabel")}
              page={query.page}
              limit={IMPORTS_PAGE_SIZE}
              sizes={[IMPORTS_PAGE_SIZE]}
              total={data.total}
              shown={data.items.length}
              onPage={onPage}
              onLimit={() => undefined}
            />
          </>
        )}
      </div>
    </section>
  );
}

type DialogState = { step: "confirm" } | { step: "repeat"; lastRun: NonNullable<ErpProblem["lastRun"]> } | null;

function ImportCard({
  kind,
  latest,
  loaded,
  canRun,
  disabledReason,
}: {
  kind: ImportKindName;
  latest: ImportRunRow | null;
  loaded: boolean;
  canRun: boolean;
  disabledReason: string | null;
}) {
  const t = useTranslations("erp.imports");
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
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
        setDialog({ step: "repeat", lastRun: problem.lastRun });
      } else {
        setDialog(null);
        // No answer in time: the platform may have started it, so "not started" would be a guess.
        setFailure({ text: problemText(error), uncertain: problem?.code === "upstream_timeout" });
      }
    } finally {
      pendingRef.current = false;
      setPending(false);
      void revalidate(IMPORTS_KEY);
    }
  };

  const when = (iso: string) => ({
    relative: format.relativeTime(new Date(iso), now),
    time: format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }),
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
          type="button"
          className={buttonClass.primary}
          disabled={!canRun || pending}
          aria-describedby={!canRun ? `${id}-reason` : undefined}
          onClick={() => setDialog({ step: "confirm" })}
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
                {t(dialog.lastRun.outcome === "failed" ? "repeatBodyMaybe" : "repeatBody", {
                  name: dialog.lastRun.byName,
                  email: dialog.lastRun.by,
                  kind: label,
                  ...when(dialog.lastRun.at),
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

/** The recorded failure of an import in words: "http_503" -> "HTTP 503 from the platform". */
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
          <span suppressHydrationWarning>{t("startedAgo", { relative: when.relative, name: run.startedBy.name, time: when.time })}</span>
        </p>
        {run.message ? <p className={helpTextClass}>{t("platformSaid", { message: run.message })}</p> : null}
      </div>
    );
  }
  if (run.outcome === "failed") {
    return (
      <div>
        <p className="text-red-800 dark:text-red-200">
          <span suppressHydrationWarning>{t("failedAgo", { relative: when.relative, name: run.startedBy.name, time: when.time })}</span>{" "}
          {importErrorText(t, run.errorCode)}
          {run.message ? ` ${t("platformSaid", { message: run.message })}` : ""}
        </p>
        {run.mayHaveActed ? <p className={reasonTextClass}>{t("mayHaveStarted")}</p> : null}
      </div>
    );
  }
  return (
    <p>
      <span suppressHydrationWarning>{t("pendingAgo", { relative: when.relative, name: run.startedBy.name })}</span>
    </p>
  );
}

function ImportHistoryTable({ items, busy }: { items: ImportRunRow[]; busy: boolean }) {
  const t = useTranslations("erp.imports");
  const format = useFormatter();
  return (
    <div className={tableWrapClass}>
      <table className="w-full border-collapse text-sm" aria-busy={busy} data-testid="imports-table">
        <caption className="sr-only">{t("historyTitle")}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={thClass}>{t("table.when")}</th>
            <th scope="col" className={thClass}>{t("table.who")}</th>
            <th scope="col" className={thClass}>{t("table.kind")}</th>
            <th scope="col" className={thClass}>{t("table.outcome")}</th>
            <th scope="col" className={thClass}>{t("table.message")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((run) => {
            return (
              <tr key={run.id} className={rowClass} data-testid="imports-row" data-kind={run.kind}>
                <td className={`${tdClass} whitespace-nowrap`}>
                  <time dateTime={run.startedAt}>{format.dateTime(new Date(run.startedAt), { dateStyle: "medium", timeStyle: "medium" })}</time>
                </td>
                <td className={`${tdClass} break-all`}>{run.startedBy.email}</td>
                <td className={tdClass}>{t(`kinds.${run.kind}.name`)}</td>
                <td className={tdClass}>
                  <ImportOutcomeBadge outcome={run.outcome} />
                  {run.repeatConfirmed ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t("repeatConfirmed")}</span> : null}
                </td>
                <td className={`${tdClass} max-w-md break-words`}>
                  {run.outcome === "failed" ? importErrorText(t, run.errorCode) : null}
                  {run.message ? <span className={run.outcome === "failed" ? "ml-1" : ""} lang="tr">{run.message}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
