import { defineListBase, limit, page } from "@/lib/list/base";
import { CHANNEL_PATTERN, PACKAGE_PATTERN } from "@/lib/rules/channel";

// The queue's names and sizes without zod, for the browser; lib/queue/schemas.ts re-exports them.

export const QUEUE_API = "/api/erp/queue";
export const QUEUE_SEND_API = "/api/erp/queue/send";
/** Ids per request, as many as the order lookup takes. */
export const QUEUE_MAX_IDS_PER_REQUEST = 10_000;
/** A malformed id is echoed back this long at most. */
export const QUEUE_ECHO_MAX_LENGTH = 40;
export const QUEUE_SOURCE_PATTERN = CHANNEL_PATTERN;
export const QUEUE_PACKAGE_PATTERN = PACKAGE_PATTERN;
export const QUEUE_PAGE_SIZES = [25, 50, 100] as const;

export const queueListBase = defineListBase({
  path: QUEUE_API,
  pageSizes: QUEUE_PAGE_SIZES,
  fields: { page: page(100_000), limit: limit(QUEUE_PAGE_SIZES, 25) },
});
export type QueueListState = (typeof queueListBase)["defaults"];
