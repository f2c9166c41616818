import type { ExportSheet } from "@/lib/export/sheet";
import type { Bucket, BucketOrders } from "@/lib/reconcile/schemas";

export function bucketSheet(bucket: Bucket): ExportSheet<BucketOrders["items"][number], "reconciliation"> {
  return {
    name: "reconciliation",
    columns: [
      { key: "orderId", value: (r) => r.orderId },
      { key: "orderDate", value: (r) => (r.orderDate ? new Date(r.orderDate) : null) },
      { key: "source", value: (r) => r.source ?? "" },
      { key: "bucket", value: (_, __, t) => t(`reconcile.buckets.${bucket}`) },
    ],
  };
}
