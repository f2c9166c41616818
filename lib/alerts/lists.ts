import { ALERTS_API, DELIVERY_STATUSES } from "@/lib/alerts/constants";
import { defineListBase, limit, oneOf, optional, page } from "@/lib/list/base";

export const CHANNEL_PAGE_SIZES = [25, 50, 100] as const;
export const DELIVERY_PAGE_SIZES = [25, 50, 100, 200] as const;
export const ALERT_LIST_MAX_PAGE = 100_000;

/** zod's `z.uuid()` pattern (RFC 9562 variants, nil and max), so the browser keeps what the server accepts. */
export const UUID_PATTERN = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const deliveryFilterFields = {
  channel: optional((v) => (UUID_PATTERN.test(v) ? v : null), "validation.alerts.channelId"),
  status: optional(oneOf(DELIVERY_STATUSES), "validation.alerts.status"),
};

// Two lists on one page: the channels' paging has its own URL keys; the log keeps ?channel=&status= as bookmarked.
export const channelListSpec = { path: `${ALERTS_API}/channels`, pageSizes: CHANNEL_PAGE_SIZES, urlKeys: { page: "channelPage", limit: "channelLimit" } };
export const deliveryListSpec = { path: `${ALERTS_API}/deliveries`, pageSizes: DELIVERY_PAGE_SIZES };

export const channelListBase = defineListBase({
  ...channelListSpec,
  fields: { page: page(ALERT_LIST_MAX_PAGE), limit: limit(CHANNEL_PAGE_SIZES, 50) },
});

export const deliveryListBase = defineListBase({
  ...deliveryListSpec,
  fields: { ...deliveryFilterFields, page: page(ALERT_LIST_MAX_PAGE), limit: limit(DELIVERY_PAGE_SIZES, 50) },
});

export type ChannelListState = (typeof channelListBase)["defaults"];
export type DeliveryListState = (typeof deliveryListBase)["defaults"];
