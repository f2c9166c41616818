"use client";

import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { SWRConfig } from "swr";
import { Pagination } from "@/components/ui/pagination";
import { ErrorState, Notice, TableSkeleton } from "@/components/ui/states";
import { buttonClass } from "@/components/ui/styles";
import {
  ACTIVITY_DEFAULT_PAGE_SIZE,
  ACTIVITY_PAGE_SIZES,
  activityExportHref,
  hasActivityFilters,
  parseActivitySearchParams,
  type ActivityPageSize,
} from "@/lib/activity/query";
import { useActivity, type KeyedActivityPage } from "@/lib/activity/use-activity";
import { ActivityFilters, type FilterPatch } from "./activity-filters";
import { ActivityTable } from "./activity-table";

// Raw strings in the URL; lib/activity/query.ts decides what they mean, the same way the server
// page and the API do, so a pasted link, a reload and back/forward all give the same view.
const URL_STATE = {
  actor: parseAsString,
  action: parseAsString,
  target: parseAsString,
  from: parseAsString,
  to: parseAsString,
  outcome: parseAsString,
  page: parseAsString,
  limit: parseAsString,
};

const FILTER_KEYS = ["actor", "action", "target", "from", "to", "outcome"] as const;
const CLEARED: FilterPatch = Object.fromEntries(FILTER_KEYS.map((key) => [key, null]));
const SKELETON_CELLS = ["w-32", "w-40", "w-24", "flex-1"] as const;

export function ActivityView({
  actors,
  actions,
  fallback,
}: {
  actors: string[];
  actions: string[];
  /** The first page as the server rendered it, keyed like the SWR key. */
  fallback: Record<string, KeyedActivityPage>;
}) {
  return (
    <SWRConfig value={{ fallback }}>
      <ActivityList actors={actors} actions={actions} />
    </SWRConfig>
  );
}

function ActivityList({ actors, actions }: { actors: string[]; actions: string[] }) {
  const t = useTranslations("activity");
  const [raw, setRaw] = useQueryStates(URL_STATE, { history: "push" });
  const query = useMemo(() => parseActivitySearchParams(raw), [raw]);
  const filtered = hasActivityFilters(query);
  // Clearing is also offered when the URL holds filters too malformed to apply.
  const anyFilterInUrl = FILTER_KEYS.some((key) => raw[key] !== null);
  const { data, error, mutate, stale } = useActivity(query);

  // Any filter change starts again from the first page.
  const onChange = useCallback((patch: FilterPatch) => void setRaw({ ...patch, page: null }), [setRaw]);
  const onClear = useCallback(() => void setRaw({ ...CLEARED, page: null }), [setRaw]);
  const onPage = useCallback((page: number) => void setRaw({ page: page > 1 ? String(page) : null }), [setRaw]);
  const onLimit = useCallback((limit: ActivityPageSize) => void setRaw({ limit: limit === ACTIVITY_DEFAULT_PAGE_SIZE ? null : String(limit), page: null }), [setRaw]);

  return (
    <div>
      <ActivityFilters
        query={query}
        raw={raw}
        actors={actors}
        actions={actions}
        onChange={onChange}
        onClear={onClear}
        hasFilters={filtered || anyFilterInUrl}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="activity-total">
          {data && !error ? t("pagination.total", { total: data.total }) : "\u00a0"}
          <span role="status" className="ml-3 text-slate-600 dark:text-slate-300">
            {stale ? t("states.updating") : ""}
          </span>
        </p>
        <a
          href={activityExportHref(query)}
          download
          title={t("downloadHint")}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          {t("download")}
        </a>
      </div>
      {error ? (
        <ErrorState testId="activity-error" messages="activity.states" error={error} onRetry={() => void mutate()}>
          <p className="mt-1">{t("states.errorBody")}</p>
          {error.problem.detail ? <p className="mt-1 text-sm">{error.problem.detail}</p> : null}
        </ErrorState>
      ) : !data || (stale && data.items.length === 0) ? (
        <TableSkeleton rows={Math.min(query.limit, 10)} label={t("states.loading")} cells={SKELETON_CELLS} testId="activity-loading" />
      ) : data.total === 0 ? (
        filtered ? (
          <Notice testId="activity-no-match" title={t("states.noMatchTitle")} body={t("states.noMatchBody")}>
            <button type="button" onClick={onClear} className={buttonClass.primary}>
              {t("filters.clear")}
            </button>
          </Notice>
        ) : (
          <Notice testId="activity-empty" title={t("states.emptyTitle")} body={t("states.emptyBody")} />
        )
      ) : data.items.length === 0 ? (
        <Notice testId="activity-page-empty" title={t("states.pageEmptyTitle")}>
          <button type="button" onClick={() => onPage(1)} className={buttonClass.primary}>
            {t("states.firstPage")}
          </button>
        </Notice>
      ) : (
        <>
          <ActivityTable items={data.items} busy={stale} />
          <Pagination
            messages="activity.pagination"
            rangeTestId="activity-range"
            page={query.page}
            limit={query.limit}
            sizes={ACTIVITY_PAGE_SIZES}
            total={data.total}
            shown={data.items.length}
            onPage={onPage}
            onLimit={onLimit}
          />
        </>
      )}
    </div>
  );
}
