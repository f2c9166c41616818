"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { ErpTable } from "@/components/erp/list";
import { linkClass } from "@/components/erp/styles";
import { ExportCapNote } from "@/components/ui/export-cap-note";
import { buttonClass } from "@/components/ui/styles";
import { useDateTime } from "@/components/ui/time";
import { storyHref } from "@/lib/erp/history/story-links";
import { FAILURES_PATH } from "@/lib/erp/inbox/lists";
import { RECONCILE_PAGE_SIZES, type Bucket, type bucketOrderListBase } from "@/lib/reconcile/constants";
import { bucketExportHref, useBucketOrders } from "@/lib/reconcile/client";
import type { BucketOrders as Page } from "@/lib/reconcile/schemas";

type Row = Page["items"][number];
type List = ReturnType<typeof bucketOrderListBase>;
type State = { bucket: Bucket; channel: string | undefined; page: number; limit: (typeof RECONCILE_PAGE_SIZES)[number] };

const helper = createColumnHelper<DataTableFeatures, Row>();

export function BucketOrders({ id, list, state, update, exportMaxRows }: { id: string; list: List; state: State; update: (patch: Partial<Omit<State, "page">> | { page: number }) => void; exportMaxRows: number }) {
  const t = useTranslations("reconcile.orders");
  const tBuckets = useTranslations("reconcile.buckets");
  const tExports = useTranslations("exports");
  const dt = useDateTime();
  const headingId = useId();
  const { data, error, mutate, stale } = useBucketOrders(list, state);
  const bucket = state.bucket;
  const channel = state.channel;
  const title = channel === undefined ? t("title", { bucket: tBuckets(bucket) }) : t("titleChannel", { bucket: tBuckets(bucket), channel });

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({ id: "orderId", header: () => t("orderId"), meta: { label: t("orderId"), className: "font-mono", card: "title" }, cell: ({ row }) => row.original.orderId }),
        helper.display({ id: "orderDate", header: () => t("orderDate"), meta: { label: t("orderDate"), className: "whitespace-nowrap" }, cell: ({ row }) => (row.original.orderDate ? dt.dateTime(row.original.orderDate) : "–") }),
        helper.display({ id: "source", header: () => t("source"), meta: { label: t("source") }, cell: ({ row }) => row.original.source ?? "–" }),
        helper.display({
          id: "link",
          header: () => t("link"),
          meta: { label: t("link") },
          cell: ({ row: { original: o } }) => (
            <span className="flex flex-wrap gap-3">
              {bucket === "open" ? (
                <Link href={FAILURES_PATH} className={linkClass} data-testid="bucket-order-inbox">
                  {t("inbox")}
                </Link>
              ) : null}
              <Link href={storyHref(o.orderId)} className={linkClass} data-testid="bucket-order-history">
                {t("history", { orderId: o.orderId })}
              </Link>
            </span>
          ),
        }),
      ]),
    [t, dt, bucket],
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="bucket-orders" data-bucket={bucket}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-lg font-semibold">{title}</h2>
          {channel !== undefined ? (
            <button type="button" className={buttonClass.secondary} onClick={() => update({ channel: undefined })} data-testid="bucket-channel-clear" data-channel={channel}>
              {t("allChannels")}
            </button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <a href={bucketExportHref(id, bucket, "csv", channel)} download className={buttonClass.secondary} data-testid="bucket-export">
            {t("exportCsv")}
          </a>
          <a href={bucketExportHref(id, bucket, "xlsx", channel)} download className={buttonClass.secondary} title={tExports("xlsxHint")} data-testid="bucket-export-xlsx">
            {t("exportXlsx")}
          </a>
          <ExportCapNote maxRows={exportMaxRows} />
        </div>
      </div>
      <ErpTable
        testId="bucket-orders-list"
        texts={{ emptyTitle: t("empty"), noMatchTitle: t("emptyChannel"), clearFilters: t("allChannels"), pageEmptyTitle: t("pageEmpty"), firstPage: t("firstPage") }}
        query={{ data, error, stale, mutate }}
        filtered={channel !== undefined}
        onClearFilters={() => update({ channel: undefined })}
        table={{ columns, caption: title, rowTestId: "bucket-order-row", rowId: (o) => o.orderId, rowProps: (o) => ({ "data-order-id": o.orderId }) }}
        paging={{ state, update, sizes: RECONCILE_PAGE_SIZES, label: t("pagination") }}
      />
    </section>
  );
}
