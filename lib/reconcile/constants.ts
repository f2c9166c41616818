import { defineListBase, field, limit, oneOf, optional, page } from "@/lib/list/base";
import { CHANNEL_PATTERN, readChannel } from "@/lib/rules/channel";

// The reconciliation's names and sizes without zod, for the browser; lib/reconcile/schemas.ts re-exports them.

export const RECONCILIATIONS_API = "/api/erp/reconciliations";
export const BUCKETS = ["inErp", "waiting", "open", "neverSeen", "unknownToPlatform"] as const;
export type Bucket = (typeof BUCKETS)[number];
export const RECONCILE_MAX_WINDOW_DAYS = 31;
export const RECONCILE_MAX_ORDERS = 100_000;
export const RECONCILE_QUEUE_MAX = 10_000;
export const RECONCILE_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const RECONCILE_PAGE_SIZES = [25, 50, 100, 500] as const;
export const RECONCILIATIONS_PATH = "/reconciliations";
export const RECONCILE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const RECONCILE_UPLOAD_MAX_ROWS = RECONCILE_MAX_ORDERS;
export const RECONCILE_LIST_SIZES = [10, 25, 50] as const;

const bucketOrderFields = {
  bucket: field({ fallback: "neverSeen" as Bucket, message: "validation.reconcile.bucket", params: { buckets: BUCKETS.join(", ") } }, oneOf(BUCKETS)),
  channel: optional(readChannel, "validation.reconcile.channel", { type: "string", pattern: CHANNEL_PATTERN.source, description: "Only the bucket's orders of this sales channel (`source`: \"web\" or a marketplace's name; case does not matter)" }),
  page: page(100_000),
  limit: limit(RECONCILE_PAGE_SIZES, 100),
};

export function bucketOrderListBase(id: string) {
  return defineListBase({ path: `${RECONCILIATIONS_API}/${id}/orders`, pageSizes: RECONCILE_PAGE_SIZES, fields: bucketOrderFields });
}

export const reconciliationListBase = defineListBase({
  path: RECONCILIATIONS_API,
  pageSizes: RECONCILE_LIST_SIZES,
  fields: { page: page(10_000), limit: limit(RECONCILE_LIST_SIZES, 10) },
});
