import { described, defineListBase, EMAIL_SCHEMA, limit, oneOf, optional, page } from "@/lib/list/base";
import { dateField, invertedDates, readActor } from "@/lib/list/filters";
import { AUTOMATIC_STARTER } from "@/lib/erp/transfers/starters";
import { readChannel } from "@/lib/rules/channel";
import { RUN_RESULTS } from "@/lib/erp/outcomes/meanings";

// ERP names, page sizes and the lists, declared once (no zod, for the browser); lib/erp/schemas.ts adds the server's strict queries.

export const ERP_IMPORT_KINDS = ["products", "prices", "stock"] as const;
export type ImportKindName = (typeof ERP_IMPORT_KINDS)[number];

export const TRANSFER_RUN_STATES = ["queued", "running", "completed", "interrupted"] as const;
export type TransferRunState = (typeof TRANSFER_RUN_STATES)[number];

export const TRANSFER_RUN_STATUSES = ["running", "all_transferred", "with_failures", "interrupted"] as const;
export type TransferRunStatus = (typeof TRANSFER_RUN_STATUSES)[number];

export const ORDER_OUTCOMES = ["pending", "sending", "transferred", "not_transferred", "unknown"] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

export const RETRY_KINDS = ["failed", "unsent", "unknown", "rejected"] as const;
export type RetryKind = (typeof RETRY_KINDS)[number];

/** "automatic": a transfer schedule sent the queue; "queue": a member pressed "Send now" on it. */
export const TRANSFER_ORIGINS = ["new", "retry_failed", "send_unsent", "resend_unknown", "resend_rejected", "automatic", "queue", "api", "recovery"] as const;
export type TransferOrigin = (typeof TRANSFER_ORIGINS)[number];

/** What the run list filters by; scheduled and API runs join when such origins exist in the data. */
export const RUN_ORIGIN_GROUPS = ["by_hand", "retry", "automatic", "api"] as const;
export type RunOriginGroup = (typeof RUN_ORIGIN_GROUPS)[number];
export const runOriginField = optional(oneOf(RUN_ORIGIN_GROUPS), "validation.erp.runOrigin");
export const RUN_ORIGIN_GROUP: Record<TransferOrigin, RunOriginGroup> = {
  new: "by_hand",
  retry_failed: "retry",
  send_unsent: "retry",
  resend_unknown: "retry",
  resend_rejected: "retry",
  automatic: "automatic",
  queue: "by_hand",
  api: "api",
  recovery: "retry",
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const RUNS_DEFAULT_PAGE_SIZE: PageSize = 10;
export const ORDERS_DEFAULT_PAGE_SIZE: PageSize = 50;
export const MAX_PAGE = 100_000;
export const IMPORTS_PAGE_SIZE: PageSize = 10;

export const TRANSFERS_API = "/api/erp/transfers";
export const IMPORTS_API = "/api/erp/imports";

/** "retry": only runs with orders the failures inbox still holds to retry (failed, unknown, not sent), as Home counts them. */
export const RUN_OPEN_FILTERS = ["retry"] as const;

export const startedByField = optional((v) => (v.trim() === AUTOMATIC_STARTER ? AUTOMATIC_STARTER : readActor(v)), "validation.erp.runStarter", {
  description: "Who or what started the run: a member's e-mail, `key:<name>` for an API key, or `automatic` for runs a schedule started (the list's `starters`)",
  anyOf: [EMAIL_SCHEMA, { type: "string", pattern: "^key:[^\\p{Cc},%_\\\\]{0,99}[^\\p{Cc}\\s,%_\\\\]$" }, { type: "string", const: AUTOMATIC_STARTER }],
});
export const channelField = optional(readChannel, "validation.erp.channel", {
  type: "string",
  pattern: "^[\\p{L}\\p{N}][\\p{L}\\p{N} ._-]{0,39}$",
  description: "Only runs that hold orders of this sales channel (`source`, as pushed to the order queue: \"web\" or a marketplace's name; case does not matter)",
});
export const dateToField = described(dateField, { description: "On or after `from`; an earlier date is refused with 422" });

export const transferRunListBase = defineListBase({
  path: TRANSFERS_API,
  pageSizes: PAGE_SIZES,
  fields: {
    status: optional(oneOf(TRANSFER_RUN_STATUSES), "validation.erp.runStatus"),
    result: optional(oneOf(RUN_RESULTS), "validation.erp.runResult"),
    open: described(optional(oneOf(RUN_OPEN_FILTERS), "validation.erp.runOpen"), {
      description: "`retry`: only runs with orders the failures inbox still holds to retry (failed, unknown, not sent), as Home counts them",
    }),
    origin: runOriginField,
    by: startedByField,
    channel: channelField,
    from: dateField,
    to: dateToField,
    page: page(MAX_PAGE),
    limit: limit(PAGE_SIZES, RUNS_DEFAULT_PAGE_SIZE),
  },
  reject: (value) => (invertedDates(value) ? { field: "to", message: "validation.activity.endBeforeStart" } : undefined),
  repair: (value) => (invertedDates(value) ? { ...value, from: undefined, to: undefined } : value),
});

export const orderOutcomeField = optional(oneOf(ORDER_OUTCOMES), "validation.erp.outcome");
const runOrderFields = { outcome: orderOutcomeField, page: page(MAX_PAGE), limit: limit(PAGE_SIZES, ORDERS_DEFAULT_PAGE_SIZE) };
export function runOrderListBase(runId: string) {
  return defineListBase({ path: `${TRANSFERS_API}/${runId}`, pageSizes: PAGE_SIZES, fields: runOrderFields });
}

export const importListBase = defineListBase({
  path: IMPORTS_API,
  // The page shows ten a page; the API takes any of the sizes.
  pageSizes: [IMPORTS_PAGE_SIZE],
  urlKeys: { kind: "import", page: "ipage" },
  fields: {
    kind: optional(oneOf(ERP_IMPORT_KINDS), "validation.erp.importKind"),
    page: page(MAX_PAGE),
    limit: limit(PAGE_SIZES, IMPORTS_PAGE_SIZE),
  },
  repair: (state) => ({ ...state, limit: IMPORTS_PAGE_SIZE }),
});
