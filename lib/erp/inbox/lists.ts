import { defineListBase, field, optional, type ListState } from "@/lib/list/base";
import { dateField, invertedDates } from "@/lib/list/filters";
import { channelField, dateToField, RUN_ORIGIN_GROUP, runOriginField, startedByField, type TransferOrigin } from "@/lib/erp/lists";

// The failures inbox, declared once (no zod, for the browser): its filters, its API paths and the meanings it holds.

export const INBOX_MEANINGS = ["failed", "unknown", "not_sent", "rejected"] as const;
export type InboxMeaning = (typeof INBOX_MEANINGS)[number];
export const RETRYABLE_MEANINGS: readonly InboxMeaning[] = ["failed", "unknown", "not_sent"];

/** Retries from a run's page name their run; one from the inbox gathers orders across runs and names none. */
export const retriedFromInbox = (run: { origin: TransferOrigin; parentRunId: string | null }) => RUN_ORIGIN_GROUP[run.origin] === "retry" && run.parentRunId === null;

export const FAILURES_API = "/api/erp/failures";
export const FAILURES_COUNT_API = "/api/erp/failures/count";
export const FAILURES_PATH = "/erp/failures";
export const RESOLUTION_NOTE_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const failuresListBase = defineListBase({
  path: FAILURES_API,
  pageSizes: [1],
  fields: {
    from: dateField,
    to: dateToField,
    by: startedByField,
    origin: runOriginField,
    channel: channelField,
    run: optional((v) => (UUID.test(v.trim()) ? v.trim().toLowerCase() : null), "validation.erp.runIdInvalid", { type: "string", format: "uuid", pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$" }),
    page: field({ fallback: 1, message: "validation.pageNumber", schema: { const: 1 } }, (v) => (v === "1" ? 1 : null)),
    limit: field({ fallback: 1, message: "validation.pageSize", schema: { const: 1 } }, (v) => (v === "1" ? 1 : null)),
  },
  reject: (value) => (invertedDates(value) ? { field: "to", message: "validation.activity.endBeforeStart" } : undefined),
  repair: (value) => (invertedDates(value) ? { ...value, from: undefined, to: undefined } : value),
});
export type FailuresListState = ListState<(typeof failuresListBase)["fields"]>;
export type InboxFilter = Partial<Pick<FailuresListState, "from" | "to" | "by" | "origin" | "channel" | "run">> & { /** The account zone that dates are days in (UTC when absent). */ timeZone?: string };

export interface InboxGroupKey {
  meaning: InboxMeaning;
  reasonCode: string | null;
  reason: string | null;
}

/** A group carries its first order ids and its latest runs' ids; the rest is on the runs' pages. */
export const INBOX_ORDER_IDS = 200;
export const INBOX_RUN_IDS = 10;

export interface InboxGroup extends InboxGroupKey {
  count: number;
  runs: number;
  firstAt: string;
  lastAt: string;
  orderIds: string[];
  runIds: string[];
}

export type { InboxPage } from "@/lib/erp/inbox/schemas";
