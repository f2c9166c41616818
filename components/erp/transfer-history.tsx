"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useId, useMemo } from "react";
import { Pagination } from "@/components/ui/pagination";
import { buttonClass, tableWrapClass, tdClass, thClass, theadClass } from "@/components/ui/styles";
import { listTransfersQueryFields, PAGE_SIZES, parseTolerant, RUNS_DEFAULT_PAGE_SIZE, TRANSFER_RUN_STATUSES, type PageSize } from "@/lib/erp/schemas";
import { useTransferRuns } from "@/lib/erp/use-erp";
import { RunStatusBadge } from "./badges";
import { useDurationText } from "./format";
import { ErrorState, Notice, TableSkeleton } from "./states";
import { linkClass, rowClass, selectClass } from "./styles";

// The history of transfer runs: who, when, counts, duration and status; filter by status and
// person, paginated, all of it in the URL.

const URL_STATE = { status: parseAsString, by: parseAsString, page: parseAsString, limit: parseAsString };

export function TransferHistory() {
  const t = useTranslations("erp.history");
  const tStatus = useTranslations("erp.status");
  const format = useFormatter();
  const duration = useDurationText();
  const id = useId();
  const [raw, setRaw] = useQueryStates(URL_STATE, { history: "push" });
  const query = useMemo(
    () =>
      parseTolerant(listTransfersQueryFields, {
        status: raw.status ?? undefined,
        by: raw.by ?? undefined,
        page: raw.page ?? undefined,
        limit: raw.limit ?? undefined,
      }),
    [raw],
  );
  const q = { status: query.status, by: query.by, page: query.page, limit: query.limit };
  const { data, error, isLoading, mutate } = useTransferRuns(q);
  const filtered = Boolean(query.status || query.by);
  const stale = Boolean(data && isLoading);

  const onFilter = useCallback((patch: { status?: string | null; by?: string | null }) => void setRaw({ ...patch, page: null }), [setRaw]);
  const onClear = useCallback(() => void setRaw({ status: null, by: null, page: null }), [setRaw]);
  const onPage = useCallback((page: number) => void setRaw({ page: page > 1 ? String(page) : null }), [setRaw]);
  const onLimit = useCallback(
    (limit: PageSize) => void setRaw({ limit: limit === RUNS_DEFAULT_PAGE_SIZE ? null : String(limit), page: null }),
    [setRaw],
  );
  const people = data?.people ?? [];
  const personOptions = query.by && !people.includes(query.by) ? [query.by, ...people] : people;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="transfer-history">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {stale ? t("updating") : ""}
        </p>
      </div>
      <form role="search" aria-label={t("filtersLabel")} className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium">
            {t("statusFilter")}
          </label>
          <select id={`${id}-status`} className={selectClass} value={query.status ?? ""} onChange={(e) => onFilter({ status: e.target.value || null })}>
            <option value="">{t("statusAll")}</option>
            {TRANSFER_RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {tStatus(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-by`} className="mb-1 block text-sm font-medium">
            {t("personFilter")}
          </label>
          <select id={`${id}-by`} className={selectClass} value={query.by ?? ""} onChange={(e) => onFilter({ by: e.target.value || null })}>
            <option value="">{t("personAll")}</option>
            {personOptions.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <button type="button" className={buttonClass.secondary} onClick={onClear}>
            {t("clearFilters")}
          </button>
        ) : null}
      </form>

      {error ? (
        <ErrorState testId="transfer-history-error" error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <TableSkeleton testId="transfer-history-loading" rows={3} />
      ) : data.total === 0 ? (
        filtered ? (
          <Notice testId="transfer-history-no-match" title={t("noMatchTitle")} body={t("noMatchBody")}>
            <button type="button" className={buttonClass.primary} onClick={onClear}>
              {t("clearFilters")}
            </button>
          </Notice>
        ) : (
          <Notice testId="transfer-history-empty" title={t("emptyTitle")} body={t("emptyBody")} />
        )
      ) : data.items.length === 0 ? (
        <Notice testId="transfer-history-page-empty" title={t("pageEmpty")}>
          <button type="button" className={buttonClass.primary} onClick={() => onPage(1)}>
            {t("firstPage")}
          </button>
        </Notice>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className="w-full border-collapse text-sm" aria-busy={stale} data-testid="transfer-history-table">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={thClass}>{t("when")}</th>
                  <th scope="col" className={thClass}>{t("who")}</th>
                  <th scope="col" className={thClass}>{t("status")}</th>
                  <th scope="col" className={`${thClass} text-right`}>{t("orders")}</th>
                  <th scope="col" className={`${thClass} text-right`}>{t("transferred")}</th>
                  <th scope="col" className={`${thClass} text-right`}>{t("notTransferred")}</th>
                  <th scope="col" className={`${thClass} text-right`}>{t("unknown")}</th>
                  <th scope="col" className={`${thClass} text-right`}>{t("notSent")}</th>
                  <th scope="col" className={thClass}>{t("duration")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((run) => {
                  const when = format.dateTime(new Date(run.createdAt), { dateStyle: "medium", timeStyle: "medium" });
                  return (
                    <tr key={run.id} className={rowClass} data-testid="transfer-history-row" data-run-id={run.id}>
                      <td className={`${tdClass} whitespace-nowrap`}>
                        <Link href={`/erp/transfers/${run.id}`} className={linkClass}>
                          <time dateTime={run.createdAt}>{when}</time>
                          <span className="sr-only">: {t("openRun")}</span>
                        </Link>
                        {run.parentRunId ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t(`origin.${run.origin}`)}</span> : null}
                      </td>
                      <td className={`${tdClass} break-all`}>{run.createdBy.email}</td>
                      <td className={tdClass}>
                        <RunStatusBadge status={run.status} />
                      </td>
                      <td className={`${tdClass} text-right tabular-nums`}>{format.number(run.counts.total)}</td>
                      <td className={`${tdClass} text-right tabular-nums`}>{format.number(run.counts.transferred)}</td>
                      <td className={`${tdClass} text-right tabular-nums`}>{format.number(run.counts.notTransferred)}</td>
                      <td className={`${tdClass} text-right tabular-nums`}>{format.number(run.counts.unknown)}</td>
                      <td className={`${tdClass} text-right tabular-nums`}>{format.number(run.counts.pending + run.counts.sending)}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{duration(run.durationMs)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            messages="erp.pagination"
            label={t("paginationLabel")}
            page={query.page}
            limit={query.limit}
            sizes={PAGE_SIZES}
            total={data.total}
            shown={data.items.length}
            onPage={onPage}
            onLimit={onLimit}
          />
        </>
      )}
    </section>
  );
}
