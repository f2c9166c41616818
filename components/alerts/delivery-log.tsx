"use client";

import { useFormatter, useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { ErrorState, Notice, TableSkeleton } from "@/components/ui/states";
import { ScrollTable } from "@/components/data-table/scroll-table";
import { buttonClass, selectClass, tdClass, thClass, theadClass } from "@/components/ui/styles";
import { useDeliveries } from "@/lib/alerts/client";
import { DELIVERY_STATUSES, eventKey, type DeliveryStatus } from "@/lib/alerts/constants";
import type { AlertChannelView } from "@/lib/alerts/schemas";

const STATUS_CLASS: Record<DeliveryStatus, string> = {
  queued: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  retrying: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export const deliveryFilterParsers = { channel: parseAsString, status: parseAsString };

/** The filters as the URL has them: unknown values are ignored (and the select shows "all"). */
export function useDeliveryFilters(channels: AlertChannelView[] | undefined) {
  const [raw, setRaw] = useQueryStates(deliveryFilterParsers);
  const status = (DELIVERY_STATUSES as readonly string[]).includes(raw.status ?? "") ? (raw.status as DeliveryStatus) : null;
  const channel = raw.channel && /^[0-9a-f-]{36}$/i.test(raw.channel) && (!channels || channels.some((c) => c.id === raw.channel)) ? raw.channel : null;
  return { filters: { channel, status }, setFilters: setRaw };
}

/** The log; `showsAnswers` is false for members who are not admins (the server sends them no answers, only the status). */
export function DeliveryLog({ channels, showsAnswers }: { channels: AlertChannelView[] | undefined; showsAnswers: boolean }) {
  const t = useTranslations("alerts");
  const format = useFormatter();
  const { filters, setFilters } = useDeliveryFilters(channels);
  const { data, error, mutate, isLoading } = useDeliveries(filters);
  const filtered = Boolean(filters.channel || filters.status);

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
        <label className="text-sm font-medium">
          {t("deliveries.filterChannel")}
          <select
            className={`${selectClass} ml-2`}
            value={filters.channel ?? ""}
            data-testid="alert-filter-channel"
            onChange={(e) => void setFilters({ channel: e.target.value || null })}
          >
            <option value="">{t("deliveries.all")}</option>
            {(channels ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("deliveries.filterStatus")}
          <select
            className={`${selectClass} ml-2`}
            value={filters.status ?? ""}
            data-testid="alert-filter-status"
            onChange={(e) => void setFilters({ status: e.target.value || null })}
          >
            <option value="">{t("deliveries.all")}</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <button type="button" className={buttonClass.ghost} onClick={() => void setFilters({ channel: null, status: null })}>
            {t("deliveries.clear")}
          </button>
        ) : null}
      </div>

      {!data && error ? (
        <ErrorState testId="alert-deliveries-error" messages="alerts.deliveries" error={error} onRetry={() => void mutate()} compact />
      ) : !data && isLoading ? (
        <TableSkeleton rows={3} label={t("deliveries.loading")} cells={["w-32", "w-24", "flex-1", "w-20", "w-16"]} />
      ) : data && data.items.length === 0 ? (
        <Notice testId="alert-deliveries-empty" title={filtered ? t("deliveries.noMatch") : t("deliveries.empty")} compact />
      ) : data ? (
        <ScrollTable label={t("deliveries.caption")}>
          <table className="w-full text-sm max-sm:min-w-[44rem]">
            <caption className="sr-only">{t("deliveries.caption")}</caption>
            <thead className={theadClass}>
              <tr>
                <th scope="col" className={thClass}>{t("deliveries.when")}</th>
                <th scope="col" className={thClass}>{t("deliveries.channel")}</th>
                <th scope="col" className={thClass}>{t("deliveries.event")}</th>
                <th scope="col" className={thClass}>{t("deliveries.status")}</th>
                <th scope="col" className={thClass}>{t("deliveries.attempts")}</th>
                <th scope="col" className={thClass}>{t("deliveries.answer")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.items.map((d) => (
                <tr key={d.id} data-testid="alert-delivery-row" data-status={d.status}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={d.createdAt} title={d.createdAt}>
                      {format.dateTime(new Date(d.createdAt), { dateStyle: "short", timeStyle: "medium" })}
                    </time>
                  </td>
                  <td className={tdClass}>{d.channelName}</td>
                  <td className={tdClass}>{t(`eventsShort.${eventKey(d.eventType)}`)}</td>
                  <td className={tdClass}>
                    <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[d.status]}`} data-testid="alert-delivery-status">
                      {t(`statuses.${d.status}`)}
                    </span>
                  </td>
                  <td className={tdClass}>{t("deliveries.attemptsOf", { attempts: d.attempts, max: d.maxAttempts })}</td>
                  <td className={`${tdClass} max-w-md break-words font-mono text-xs`}>
                    {d.responseStatus !== null || d.responseText ? `${d.responseStatus ?? ""} ${d.responseText ?? ""}`.trim() : t("deliveries.noAnswer")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
    </section>
  );
}
