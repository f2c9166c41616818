"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { MeaningBadge } from "@/components/erp/badges";
import { linkClass } from "@/components/erp/styles";
import { Notice } from "@/components/ui/states";
import { listColumns, ListTable } from "@/components/data-table/list-table";
import type { CardRole } from "@/components/data-table/table-view";
import { ORDER_HISTORY_MAX_RUNS } from "@/lib/erp/history/constants";
import type { OrderHistory } from "@/lib/erp/history/schemas";
import { describeReason } from "@/lib/erp/outcomes/reasons";


export function OrderHistoryTable({ history }: { history: OrderHistory }) {
  const t = useTranslations("erpOrders.history");
  const tOrigin = useTranslations("erp.history.origin");
  const tReasons = useTranslations("erp.reasons");
  const dt = useDateTime();
  const { orderId, runs } = history;
  if (runs.length === 0) return <Notice testId="order-history-empty" title={t("emptyTitle")} body={t("emptyBody", { orderId })} />;
  const when = (iso: string) => dt.dateTime(iso);

  type Run = OrderHistory["runs"][number];
  const make = listColumns<Run, "when" | "origin" | "who" | "outcome" | "reason" | "settled">(t, "");
  const column = (id: Parameters<typeof make>[0], cell: (r: Run) => React.ReactNode, card?: CardRole, className?: string) => make(id, cell, { card, className });
  const columns = [
    column(
      "when",
      (r) => (
        <Link href={`/erp/transfers/${r.runId}`} className={linkClass} aria-label={t("openRun", { when: when(r.runCreatedAt) })}>
          <time dateTime={r.runCreatedAt}>{when(r.runCreatedAt)}</time>
        </Link>
      ),
      "title",
    ),
    column("origin", (r) => tOrigin(r.origin)),
    column("who", (r) => (
      <>
        {r.startedBy.name} <span className="text-slate-600 dark:text-slate-300">({r.startedBy.email})</span>
      </>
    )),
    column("outcome", (r) => (
      <>
        <MeaningBadge meaning={r.meaning} />
        {r.retriedIn ? <p className="mt-1 text-xs">{t("retriedIn")}</p> : null}
        {r.resolution ? (
          <p data-testid="order-history-resolution" className="mt-1 text-xs">
            {t("resolved", { name: r.resolution.by.name, email: r.resolution.by.email, when: when(r.resolution.at) })} <q className="break-words">{r.resolution.note}</q>
          </p>
        ) : null}
      </>
    )),
    column("reason", (r) => <span data-testid="order-history-reason">{r.reason || r.reasonCode ? describeReason(tReasons, r) : "—"}</span>, undefined, "break-words"),
    column("settled", (r) => (r.settledAt ? <time dateTime={r.settledAt}>{when(r.settledAt)}</time> : t("notSettled"))),
  ];

  const channel = history.channel;
  return (
    <div className="space-y-2">
      {channel ? (
        <p data-testid="order-history-channel" className="text-sm">
          {[channel.source ? t("channel", { channel: channel.source }) : null, channel.orderDate ? t("orderDate", { at: when(channel.orderDate) }) : null, channel.packageId ? t("packageId", { id: channel.packageId }) : null].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      <ListTable
        columns={columns}
        rows={runs}
        rowId={(r) => `${r.runId}-${r.position}`}
        caption={t("caption", { orderId })}
        testId="order-history"
        rowTestId="order-history-row"
        rowProps={(r) => ({ "data-run-id": r.runId })}
      />
      {runs.length >= ORDER_HISTORY_MAX_RUNS ? <p className="text-sm">{t("limited", { count: ORDER_HISTORY_MAX_RUNS })}</p> : null}
    </div>
  );
}
