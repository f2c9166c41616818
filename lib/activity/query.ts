import { z } from "zod";

// The activity list's query: one schema for the API (strict: a bad value is a 422 naming the
// parameter) and for the page's URL (tolerant: a bad value in a pasted link falls back to its
// default, see parseActivitySearchParams). The URL keys and the API keys are the same.

export const AUDIT_OUTCOMES = ["success", "failure", "denied"] as const;
export type ActivityOutcome = (typeof AUDIT_OUTCOMES)[number];

export const ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;
export type ActivityPageSize = (typeof ACTIVITY_PAGE_SIZES)[number];
export const ACTIVITY_DEFAULT_PAGE_SIZE: ActivityPageSize = 25;
export const ACTIVITY_MAX_PAGE = 100_000;

export const ACTION_PATTERN = /^[a-z_]+\.[a-z_]+$/;
const TARGET_TYPE_PATTERN = /^[a-z_]+$/;
const TARGET_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written as YYYY-MM-DD (so 2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Splits `type:id` (e.g. `warehouse:12`); null when it is not one. */
export function parseTarget(value: string): { type: string; id: string } | null {
  const at = value.indexOf(":");
  if (at < 0) return null;
  const type = value.slice(0, at);
  const id = value.slice(at + 1);
  return TARGET_TYPE_PATTERN.test(type) && TARGET_ID_PATTERN.test(id) ? { type, id } : null;
}

// An empty value (`?actor=`) means "no filter", as a GET form would send it.
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

const dateField = z.string().refine(isCalendarDate, { error: "validation.date" });

/** One schema per parameter; also used one by one for the tolerant page parse. */
export const activityQueryFields = {
  actor: optional(z.string().trim().toLowerCase().pipe(z.email({ error: "validation.memberEmail" }).max(254))),
  action: optional(z.string().regex(ACTION_PATTERN, { error: "validation.activity.action" })),
  target: optional(
    z.string().trim().refine((v) => parseTarget(v) !== null, {
      error: "validation.activity.target",
    }),
  ),
  from: optional(dateField),
  to: optional(dateField),
  outcome: optional(z.enum(AUDIT_OUTCOMES, { error: "validation.activity.outcome" })),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "validation.pageNumber" })
      .int({ error: "validation.pageNumber" })
      .min(1, { error: "validation.pageNumber" })
      .max(ACTIVITY_MAX_PAGE, { error: "validation.pageMax" })
      .default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z
      .enum(["10", "25", "50", "100"], { error: "validation.pageSize" })
      .default(String(ACTIVITY_DEFAULT_PAGE_SIZE) as "25")
      .transform((v) => Number(v) as ActivityPageSize),
  ),
} as const;

type ActivityQueryKey = keyof typeof activityQueryFields;
export const ACTIVITY_QUERY_KEYS = Object.keys(activityQueryFields) as ActivityQueryKey[];
const FILTER_KEYS = ["actor", "action", "target", "from", "to", "outcome"] as const;

export interface ActivityFilters {
  actor?: string;
  action?: string;
  /** `type:id` as written; targetType/targetId are its parts. */
  target?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  outcome?: ActivityOutcome;
}

export interface ActivityQuery extends ActivityFilters {
  page: number;
  limit: ActivityPageSize;
}

type RawFields = { [K in ActivityQueryKey]: z.output<(typeof activityQueryFields)[K]> };

function toActivityQuery(raw: RawFields): ActivityQuery {
  const q: ActivityQuery = { page: raw.page, limit: raw.limit };
  if (raw.actor) q.actor = raw.actor;
  if (raw.action) q.action = raw.action;
  if (raw.target) {
    const target = parseTarget(raw.target);
    if (target) Object.assign(q, { target: `${target.type}:${target.id}`, targetType: target.type, targetId: target.id });
  }
  if (raw.from) q.from = raw.from;
  if (raw.to) q.to = raw.to;
  if (raw.outcome) q.outcome = raw.outcome;
  return q;
}

/** The API's query: unknown parameters and bad values are errors naming the parameter. */
export const listActivityQuerySchema = z
  .looseObject(activityQueryFields)
  .superRefine((value, ctx) => {
    // Runs even when the input is no object at all (already refused).
    if (typeof value !== "object" || value === null) return;
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(activityQueryFields, key)) ctx.addIssue({ code: "custom", path: [key], message: "validation.unknownParameter", params: { name: key } });
    }
    const { from, to } = value as { from?: unknown; to?: unknown };
    if (typeof from === "string" && typeof to === "string" && isCalendarDate(from) && isCalendarDate(to) && from > to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "validation.activity.endBeforeStart" });
    }
    // Runs even when a value failed, so that one answer names every problem.
  }, { when: () => true })
  .transform((value) => toActivityQuery(value as RawFields));

export type ListActivityQuery = z.output<typeof listActivityQuerySchema>;

export type SearchParamsInput = Record<string, string | string[] | null | undefined>;

/**
 * The page's reading of its URL: every known parameter is parsed on its own and a bad one falls
 * back to its default (unknown parameters are ignored), so a mangled link still opens the list.
 * An inverted date range is dropped as a whole.
 */
export function parseActivitySearchParams(input: SearchParamsInput): ActivityQuery {
  const raw = {} as Record<ActivityQueryKey, unknown>;
  for (const key of ACTIVITY_QUERY_KEYS) {
    const value = input[key];
    const first = Array.isArray(value) ? value[0] : (value ?? undefined);
    const parsed = activityQueryFields[key].safeParse(first);
    raw[key] = parsed.success ? parsed.data : activityQueryFields[key].parse(undefined);
  }
  const fields = raw as RawFields;
  if (fields.from && fields.to && fields.from > fields.to) {
    fields.from = undefined;
    fields.to = undefined;
  }
  return toActivityQuery(fields);
}

export function hasActivityFilters(q: ActivityFilters): boolean {
  return FILTER_KEYS.some((key) => q[key] !== undefined);
}

/**
 * The canonical query string for a query (fixed key order, defaults left out): the SWR key, the
 * CSV link and the history link all use it, so equal views give equal strings.
 */
export function activitySearchString(q: ActivityFilters & Partial<Pick<ActivityQuery, "page" | "limit">>, { paging = true } = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = q[key];
    if (value !== undefined) params.set(key, value);
  }
  if (paging) {
    if (q.page !== undefined && q.page !== 1) params.set("page", String(q.page));
    if (q.limit !== undefined && q.limit !== ACTIVITY_DEFAULT_PAGE_SIZE) params.set("limit", String(q.limit));
  }
  return params.toString();
}

/** The SWR key (and URL) of a page of the list. */
export function activityApiKey(q: ActivityQuery): string {
  const search = activitySearchString(q);
  return search ? `/api/activity?${search}` : "/api/activity";
}

/** The CSV export of everything matching the filters (no paging). */
export function activityExportHref(q: ActivityFilters): string {
  const search = activitySearchString(q, { paging: false });
  return search ? `/api/activity/export?${search}` : "/api/activity/export";
}
