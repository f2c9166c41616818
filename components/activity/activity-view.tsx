"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { SWRConfig } from "swr";
import { listTexts, ResourceList } from "@/components/data-table/resource-list";
import { ExportCapNote } from "@/components/ui/export-cap-note";
import { useProblemText } from "@/components/ui/use-problem-text";
import { useActivity } from "@/lib/activity/client";
import { ACTIVITY_FILTER_KEYS, ACTIVITY_PAGE_SIZES, activityListBase as activityList } from "@/lib/activity/lists";
import type { ActivityPage } from "@/lib/activity/schemas";
import { NO_NAMES } from "@/lib/activity/readable";
import { useListState, type Keyed } from "@/lib/list/client";
import { ActivityFilters, type FilterPatch } from "@/components/activity/activity-filters";
import { ActivityTable } from "@/components/activity/activity-table";
import { ViewsControl } from "@/components/views/views-control";
import { withFormat } from "@/lib/export/format";

const CLEARED: FilterPatch = Object.fromEntries(ACTIVITY_FILTER_KEYS.map((key) => [key, undefined]));
const SKELETON_CELLS = ["w-32", "w-40", "w-24", "flex-1"] as const;

export function ActivityView({
  actors,
  actions,
  fallback,
  exportMaxRows,
}: {
  actors: string[];
  actions: string[];
  fallback: Record<string, Keyed<ActivityPage>>;
  exportMaxRows: number;
}) {
  return (
    <SWRConfig value={{ fallback }}>
      <ActivityList actors={actors} actions={actions} exportMaxRows={exportMaxRows} />
    </SWRConfig>
  );
}

function ActivityList({ actors, actions, exportMaxRows }: { actors: string[]; actions: string[]; exportMaxRows: number }) {
  const t = useTranslations("activity");
  const tExports = useTranslations("exports");
  const problemText = useProblemText();
  const [state, update] = useListState(activityList);
  const activity = useActivity(state);
  const { data, error, stale } = activity;
  const onChange = useCallback((patch: FilterPatch) => update(patch as Partial<typeof state>), [update]);
  const onClear = useCallback(() => onChange(CLEARED), [onChange]);

  return (
    <div>
      <ActivityFilters state={state} actors={actors} actions={actions} onChange={onChange} onClear={onClear} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="activity-total">
          {data && !error ? t("pagination.total", { total: data.total }) : "\u00a0"}
          <span role="status" className="ml-3 text-slate-600 dark:text-slate-300">
            {stale ? t("states.updating") : ""}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <ViewsControl list="activity" state={state} />
          <a
            href={activityList.href("export", state)}
            download
            title={t("downloadHint")}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            {t("download")}
          </a>
          <a
            href={withFormat(activityList.href("export", state), "xlsx")}
            download
            title={tExports("xlsxHint")}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            {tExports("xlsx")}
          </a>
          <ExportCapNote maxRows={exportMaxRows} />
        </div>
      </div>
      <ResourceList
        testId="activity"
        errorMessages="activity.states"
        texts={listTexts(t, "states.", { clearFilters: t("filters.clear") })}
        query={activity}
        filtered={activityList.isFiltered(state)}
        skeleton={{ rows: Math.min(state.limit, 10), cells: SKELETON_CELLS }}
        errorDetail={
          <>
            <p className="mt-1">{t("states.errorBody")}</p>
            {error?.problem.detail ? <p className="mt-1 text-sm">{problemText(error)}</p> : null}
          </>
        }
        onClearFilters={onClear}
        paging={{ messages: "activity.pagination", rangeTestId: "activity-range", state, sizes: ACTIVITY_PAGE_SIZES, update }}
      >
        <ActivityTable items={data?.items ?? []} names={data?.names ?? NO_NAMES} busy={stale} />
      </ResourceList>
    </div>
  );
}
