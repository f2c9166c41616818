"use client";

import { createColumnHelper, useTable } from "@tanstack/react-table";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { dataTableFeatures, type DataTableFeatures } from "@/components/data-table/features";
import { actionLabel } from "@/lib/activity/labels";
import type { AuditRecord } from "@/lib/activity/schemas";
import { EventDetail } from "@/components/activity/event-detail";
import { OutcomeBadge } from "@/components/activity/outcome-badge";

const helper = createColumnHelper<DataTableFeatures, AuditRecord>();
const detailId = (event: AuditRecord) => `activity-event-${event.id}`;

export function ActivityTable({ items, busy }: { items: AuditRecord[]; busy: boolean }) {
  const t = useTranslations("activity");
  const format = useFormatter();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const columns = useMemo(() => {
    const when = (event: AuditRecord) => format.dateTime(new Date(event.at), { dateStyle: "medium", timeStyle: "medium" });
    return helper.columns([
      helper.accessor("at", {
        header: () => t("table.when"),
        meta: { label: t("table.when"), className: "whitespace-nowrap" },
        cell: ({ row }) => <time dateTime={row.original.at}>{when(row.original)}</time>,
      }),
      helper.accessor("actorEmail", {
        header: () => t("table.who"),
        meta: { label: t("table.who"), className: "break-all max-sm:break-normal" },
        cell: ({ row }) => row.original.actorEmail ?? <span className="italic text-slate-600 dark:text-slate-300">{t("anonymous")}</span>,
      }),
      helper.accessor("action", {
        header: () => t("table.action"),
        meta: { label: t("table.action") },
        cell: ({ row }) => <span title={row.original.action}>{actionLabel(t, row.original.action)}</span>,
      }),
      helper.display({
        id: "target",
        header: () => t("table.target"),
        meta: { label: t("table.target"), className: "font-mono text-xs" },
        cell: ({ row: { original: e } }) => (e.targetType ? `${e.targetType}:${e.targetId ?? ""}` : "—"),
      }),
      helper.accessor("outcome", {
        header: () => t("table.outcome"),
        meta: { label: t("table.outcome") },
        cell: ({ row: { original: e } }) => <OutcomeBadge outcome={e.outcome} label={t.has(`outcomes.${e.outcome}`) ? t(`outcomes.${e.outcome}`) : e.outcome} />,
      }),
      helper.accessor("message", {
        header: () => t("table.message"),
        meta: { label: t("table.message"), className: "max-w-xs break-words" },
        cell: ({ row }) => row.original.message ?? "",
      }),
      helper.display({
        id: "details",
        header: () => t("table.details"),
        meta: { label: t("table.details") },
        cell: ({ row: { original: event } }) => {
          const expanded = open.has(event.id);
          return (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? detailId(event) : undefined}
              onClick={() => toggle(event.id)}
              className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 max-sm:min-h-11 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {expanded ? t("table.hide") : t("table.show")}
              <span className="sr-only">: {t("table.toggleLabel", { when: when(event) })}</span>
            </button>
          );
        },
      }),
    ]);
  }, [t, format, open, toggle]);

  const table = useTable({ features: dataTableFeatures, columns, data: items, getRowId: (e) => String(e.id), enableSorting: false });

  return (
    <DataTable
      table={table}
      caption={t("table.caption")}
      busy={busy}
      testId="activity-table"
      rowTestId="activity-row"
      rowProps={(e) => ({ "data-action": e.action })}
      detail={(e) => (open.has(e.id) ? { id: detailId(e), testId: "activity-detail", content: <EventDetail event={e} /> } : null)}
    />
  );
}
