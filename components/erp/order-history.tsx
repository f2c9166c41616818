"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { MeaningBadge } from "@/components/erp/badges";
import { linkClass } from "@/components/erp/styles";
import { Notice } from "@/components/ui/states";
import { tableWrapClass, tdClass, thClass, theadClass } from "@/components/ui/styles";
import { ORDER_HISTORY_MAX_RUNS } from "@/lib/erp/history-constants";
import type { OrderHistory } from "@/lib/erp/history-schemas";


export function OrderHistoryTable({ history }: { history: OrderHistory }) {
  const t = useTranslations("erpOrders.history");
  const tOrigin = useTranslations("erp.history.origin");
  const dt = useDateTime();
  const { orderId, runs } = history;
  if (runs.length === 0) return <Notice testId="order-history-empty" title={t("emptyTitle")} body={t("emptyBody", { orderId })} />;
  const when = (iso: string) => dt.dateTime(iso);

  return (
    <div className="space-y-2">
      <div className={tableWrapClass}>
        <table className="w-full text-sm" data-testid="order-history">
          <caption className="sr-only">{t("caption", { orderId })}</caption>
          <thead className={theadClass}>
            <tr>
              <th className={thClass}>{t("when")}</th>
              <th className={thClass}>{t("origin")}</th>
              <th className={thClass}>{t("who")}</th>
              <th className={thClass}>{t("outcome")}</th>
              <th className={thClass}>{t("reason")}</th>
              <th className={thClass}>{t("settled")}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={`${r.runId}-${r.position}`} data-testid="order-history-row" data-run-id={r.runId} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <td className={tdClass}>
                  <Link href={`/erp/transfers/${r.runId}`} className={linkClass} aria-label={t("openRun", { when: when(r.runCreatedAt) })}>
                    <time dateTime={r.runCreatedAt}>{when(r.runCreatedAt)}</time>
                  </Link>
                </td>
                <td className={tdClass}>{tOrigin(r.origin)}</td>
                <td className={tdClass}>
                  {r.startedBy.name} <span className="text-slate-600 dark:text-slate-300">({r.startedBy.email})</span>
                </td>
                <td className={tdClass}>
                  <MeaningBadge meaning={r.meaning} />
                  {r.retriedIn ? <p className="mt-1 text-xs">{t("retriedIn")}</p> : null}
                  {r.resolution ? (
                    <p data-testid="order-history-resolution" className="mt-1 text-xs">
                      {t("resolved", { name: r.resolution.by.name, email: r.resolution.by.email, when: when(r.resolution.at) })} <q className="break-words">{r.resolution.note}</q>
                    </p>
                  ) : null}
                </td>
                <td className={`${tdClass} break-words`}>{r.reason ?? "—"}</td>
                <td className={tdClass}>{r.settledAt ? <time dateTime={r.settledAt}>{when(r.settledAt)}</time> : t("notSettled")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {runs.length >= ORDER_HISTORY_MAX_RUNS ? <p className="text-sm">{t("limited", { count: ORDER_HISTORY_MAX_RUNS })}</p> : null}
    </div>
  );
}
