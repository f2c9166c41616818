"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { ErpTable } from "@/components/erp/list";
import { linkClass } from "@/components/erp/styles";
import { ReconcileStatusBadge } from "@/components/reconcile/status-badge";
import { useDateTime } from "@/components/ui/time";
import { useListState } from "@/lib/list/client";
import { BUCKETS, RECONCILE_LIST_SIZES, RECONCILIATIONS_PATH, reconciliationListBase } from "@/lib/reconcile/constants";
import { useReconciliations } from "@/lib/reconcile/client";
import type { ReconciliationSummary } from "@/lib/reconcile/schemas";

const helper = createColumnHelper<DataTableFeatures, ReconciliationSummary>();
const NUMBER = "text-right tabular-nums";

export function ReconciliationHistory() {
  const t = useTranslations("reconcile.history");
  const tBuckets = useTranslations("reconcile.buckets");
  const format = useFormatter();
  const dt = useDateTime();
  const id = useId();
  const [state, update] = useListState(reconciliationListBase);
  const { data, error, mutate, stale } = useReconciliations(state);

  const columns = useMemo(() => {
    const count = (key: string, label: string, value: (r: ReconciliationSummary) => number | null | undefined) =>
      helper.display({ id: key, header: () => label, meta: { label, className: NUMBER }, cell: ({ row }) => { const n = value(row.original); return n === null || n === undefined ? "–" : format.number(n); } });
    return helper.columns([
      helper.display({
        id: "when",
        header: () => t("when"),
        meta: { label: t("when"), className: "whitespace-nowrap", card: "title" },
        cell: ({ row: { original: r } }) => (
          <Link href={`${RECONCILIATIONS_PATH}/${r.id}`} className={linkClass} aria-label={t("open", { when: dt.dateTime(r.createdAt) })}>
            <time dateTime={r.createdAt}>{dt.dateTime(r.createdAt)}</time>
          </Link>
        ),
      }),
      helper.display({ id: "who", header: () => t("who"), meta: { label: t("who"), className: "break-words" }, cell: ({ row }) => row.original.createdBy.name || row.original.createdBy.email }),
      helper.display({
        id: "scope",
        header: () => t("scope"),
        meta: { label: t("scope") },
        cell: ({ row: { original: r } }) => (r.kind === "window" && r.from && r.to ? t("scopeWindow", { from: dt.dateTime(r.from), to: dt.dateTime(r.to) }) : t("scopeManifest", { count: r.total ?? 0 })),
      }),
      helper.display({ id: "status", header: () => t("status"), meta: { label: t("status"), card: "badge" }, cell: ({ row }) => <ReconcileStatusBadge status={row.original.status} /> }),
      count("total", t("total"), (r) => r.total),
      ...BUCKETS.map((b) => count(b, tBuckets(b), (r) => r.buckets?.[b])),
    ]);
  }, [t, tBuckets, format, dt]);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">{t("title")}</h2>
      <ErpTable
        testId="reconciliations"
        texts={{ emptyTitle: t("empty"), noMatchTitle: t("noMatch"), clearFilters: t("showAll"), pageEmptyTitle: t("pageEmpty"), firstPage: t("firstPage") }}
        query={{ data, error, stale, mutate }}
        filtered={false}
        onClearFilters={() => update({ page: 1 })}
        table={{ columns, caption: t("title"), rowTestId: "reconciliation-row", rowId: (r) => r.id, rowProps: (r) => ({ "data-id": r.id, "data-status": r.status }) }}
        paging={{ state, update, sizes: RECONCILE_LIST_SIZES, label: t("pagination") }}
      />
    </section>
  );
}
