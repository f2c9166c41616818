"use client";

import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useMemo } from "react";
import { listColumns, type ListColumn } from "@/components/data-table/list-table";
import { listTexts, ResourceList } from "@/components/data-table/resource-list";
import { buttonClass, selectClass } from "@/components/ui/styles";
import { useDeliveries } from "@/lib/alerts/client";
import { DELIVERY_STATUSES, eventKey, type DeliveryStatus } from "@/lib/alerts/constants";
import { DELIVERY_PAGE_SIZES, deliveryListBase as deliveryList } from "@/lib/alerts/lists";
import type { AlertChannelView, AlertDeliveryView } from "@/lib/alerts/schemas";
import { useListState } from "@/lib/list/client";
import { Select } from "@/components/ui/select";

const STATUS_CLASS: Record<DeliveryStatus, string> = {
  queued: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  retrying: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};
const SKELETON_CELLS = ["w-32", "w-24", "flex-1", "w-20", "w-16"] as const;

/** The log's filters and paging, from the URL (bookmarkable); a bad value reads as no filter. */
export function useDeliveryList() {
  return useListState(deliveryList);
}

/** The log; `showsAnswers` is false for members who are not admins (the server sends them no answers, only the status). */
export function DeliveryLog({ channels, showsAnswers }: { channels: AlertChannelView[] | undefined; showsAnswers: boolean }) {
  const t = useTranslations("alerts");
  const dt = useDateTime();
  const [state, update] = useDeliveryList();
  const deliveries = useDeliveries(state);
  const { data } = deliveries;
  const filtered = deliveryList.isFiltered(state);
  const clear = () => update({ channel: undefined, status: undefined });

  const columns = useMemo<ListColumn<AlertDeliveryView>[]>(() => {
    const column = listColumns<AlertDeliveryView, "when" | "channel" | "event" | "status" | "attempts" | "answer">(t, "deliveries.");
    return [
      column(
        "when",
        (d) => (
          <time dateTime={d.createdAt} title={d.createdAt}>
            {dt.dateTime(d.createdAt)}
          </time>
        ),
        { className: "whitespace-nowrap" },
      ),
      column("channel", (d) => d.channelName),
      column("event", (d) => t(`eventsShort.${eventKey(d.eventType)}`)),
      column("status", (d) => (
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[d.status]}`} data-testid="alert-delivery-status">
          {t(`statuses.${d.status}`)}
        </span>
      )),
      column("attempts", (d) => t("deliveries.attemptsOf", { attempts: d.attempts, max: d.maxAttempts })),
      column(
        "answer",
        (d) => (d.responseStatus !== null || d.responseText ? `${d.responseStatus ?? ""} ${d.responseText ?? ""}`.trim() : t("deliveries.noAnswer")),
        { className: "max-w-md break-words font-mono text-xs" },
      ),
    ];
  }, [t, dt]);

  return (
    <section aria-labelledby="alert-deliveries-heading" className="space-y-3" data-testid="alert-deliveries">
      <h2 id="alert-deliveries-heading" className="text-lg font-semibold">
        {t("deliveries.heading")}
      </h2>
      {!showsAnswers ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="alert-deliveries-answers-note">
          {t("deliveries.answersAdminsOnly")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Filter
          label={t("deliveries.filterChannel")}
          value={state.channel}
          testId="alert-filter-channel"
          onChange={(channel) => update({ channel })}
          options={[
            { value: "", label: t("deliveries.all") },
            ...(channels ?? []).map((c) => ({ value: c.id, label: c.name })),
            ...(state.channel && channels && !channels.some((c) => c.id === state.channel) ? [{ value: state.channel, label: data?.items[0]?.channelName ?? state.channel }] : []),
          ]}
        />
        <Filter
          label={t("deliveries.filterStatus")}
          value={state.status}
          testId="alert-filter-status"
          onChange={(v) => update({ status: v as DeliveryStatus | undefined })}
          options={[{ value: "", label: t("deliveries.all") }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
        />
        {filtered ? (
          <button type="button" className={buttonClass.ghost} onClick={clear}>
            {t("deliveries.clear")}
          </button>
        ) : null}
      </div>

      <ResourceList
        testId="alert-deliveries"
        errorMessages="alerts.deliveries"
        texts={listTexts(t, "deliveries.", { emptyTitle: t("deliveries.empty"), noMatchTitle: t("deliveries.noMatch"), clearFilters: t("deliveries.clear") })}
        query={deliveries}
        filtered={filtered}
        compact
        skeleton={{ rows: 3, cells: SKELETON_CELLS }}
        onClearFilters={clear}
        paging={{
          messages: "alerts.pagination",
          label: t("deliveries.pagesLabel"),
          state,
          sizes: DELIVERY_PAGE_SIZES,
          update,
          testId: "alert-deliveries-pagination",
          onlyWhenPaged: true,
        }}
        table={{ columns, rowId: (d) => d.id, caption: t("deliveries.caption"), rowTestId: "alert-delivery-row", rowProps: (d) => ({ "data-status": d.status }) }}
      />
    </section>
  );
}

function Filter({ label, value, testId, onChange, options }: { label: string; value?: string; testId: string; onChange: (value: string | undefined) => void; options: { value: string; label: string }[] }) {
  return (
    <label className="text-sm font-medium">
      {label}
      <Select className={`${selectClass} ml-2`} value={value ?? ""} testId={testId} onValueChange={(v) => onChange(v || undefined)} options={options} />
    </label>
  );
}
