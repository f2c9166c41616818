import { defineListBase, lightEmail, lightEnum, lightLimit, lightOptional, lightPage } from "@/lib/list/base";

// ERP names, page sizes and the lists' URL state without zod, for the browser; lib/erp/schemas.ts
// builds the same lists on zod fields for pages and handlers (a test holds the fields equal).

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

export const TRANSFER_ORIGINS = ["new", "retry_failed", "send_unsent", "resend_unknown", "resend_rejected"] as const;
export type TransferOrigin = (typeof TRANSFER_ORIGINS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const RUNS_DEFAULT_PAGE_SIZE: PageSize = 10;
export const ORDERS_DEFAULT_PAGE_SIZE: PageSize = 50;
export const MAX_PAGE = 100_000;
export const IMPORTS_PAGE_SIZE: PageSize = 10;

export const TRANSFERS_API = "/api/erp/transfers";
export const IMPORTS_API = "/api/erp/imports";

export const transferRunListSpec = { path: TRANSFERS_API, pageSizes: PAGE_SIZES };
export const transferRunListBase = defineListBase({
  ...transferRunListSpec,
  fields: {
    status: lightOptional(lightEnum(TRANSFER_RUN_STATUSES)),
    by: lightOptional(lightEmail),
    page: lightPage(MAX_PAGE),
    limit: lightLimit(PAGE_SIZES, RUNS_DEFAULT_PAGE_SIZE),
  },
});

export const runOrderListSpec = (runId: string) => ({ path: `${TRANSFERS_API}/${runId}`, pageSizes: PAGE_SIZES });
const runOrderFields = {
  outcome: lightOptional(lightEnum(ORDER_OUTCOMES)),
  page: lightPage(MAX_PAGE),
  limit: lightLimit(PAGE_SIZES, ORDERS_DEFAULT_PAGE_SIZE),
};
/** One run's orders: the run's id is in the path, so each run has its own definition. */
export function runOrderListBase(runId: string) {
  return defineListBase({ ...runOrderListSpec(runId), fields: runOrderFields });
}

export const importListSpec = {
  path: IMPORTS_API,
  // The page shows ten a page; the API takes any of the sizes.
  pageSizes: [IMPORTS_PAGE_SIZE],
  urlKeys: { kind: "import", page: "ipage" },
  repair: <S extends { limit: PageSize }>(state: S): S => ({ ...state, limit: IMPORTS_PAGE_SIZE }),
};
export const importListBase = defineListBase({
  ...importListSpec,
  fields: {
    kind: lightOptional(lightEnum(ERP_IMPORT_KINDS)),
    page: lightPage(MAX_PAGE),
    limit: lightLimit(PAGE_SIZES, IMPORTS_PAGE_SIZE),
  },
});
