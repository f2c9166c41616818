import { activityList } from "@/lib/activity/schemas";
import { warehouseList } from "@/lib/warehouses/schemas";

// The lists a view can be saved on, and a view's query read by the list's own schema: nothing the list would not take.

export const SAVED_VIEW_LISTS = ["warehouses", "activity"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** The URL parameter of the hidden columns, comma-separated in the table's order. */
export const HIDE_KEY = "hide";
export const VIEW_QUERY_MAX = 1000;

export const WAREHOUSE_HIDEABLE_COLUMNS = ["id", "code", "erpWarehouseId", "isDefault", "isActive", "readiness"] as const;

export const VIEW_LISTS = {
  warehouses: { path: "/warehouses", definition: warehouseList, columns: WAREHOUSE_HIDEABLE_COLUMNS as readonly string[] },
  activity: { path: "/activity", definition: activityList, columns: [] as readonly string[] },
} as const;

export interface ViewQueryIssue {
  /** The URL parameter at fault ("_" for the query as a whole). */
  param: string;
  /** A catalog key (validation.* or views.*) */
  message: string;
  params?: Record<string, unknown>;
}

export type ViewQueryResult = { ok: true; query: string } | { ok: false; issues: ViewQueryIssue[] };

/** The query as the list writes it (defaults left out, no page), or what is wrong with it. */
export function canonicalViewQuery(list: SavedViewList, input: string): ViewQueryResult {
  const { definition, columns } = VIEW_LISTS[list];
  if (input.length > VIEW_QUERY_MAX) return { ok: false, issues: [{ param: "_", message: "views.errors.queryTooLong", params: { max: VIEW_QUERY_MAX } }] };
  const fieldOf = new Map(Object.entries(definition.urlKeys as Record<string, string>).map(([field, key]) => [key, field]));
  const raw: Record<string, string> = Object.create(null);
  const issues: ViewQueryIssue[] = [];
  let hidden: string[] = [];
  for (const [key, value] of new URLSearchParams(input.startsWith("?") ? input.slice(1) : input)) {
    const field = fieldOf.get(key) ?? key;
    if (key in raw || (key === HIDE_KEY && hidden.length)) {
      issues.push({ param: key, message: "views.errors.queryRepeated", params: { name: key } });
      continue;
    }
    // A view opens on the first page: the page it was saved on is not part of it.
    if (field === "page") continue;
    if (key === HIDE_KEY && columns.length) {
      const names = value.split(",");
      if (names.some((n) => !columns.includes(n)) || new Set(names).size !== names.length) {
        issues.push({ param: key, message: "views.errors.queryColumns", params: { columns: columns.join(", ") } });
      } else hidden = columns.filter((c) => names.includes(c));
      continue;
    }
    raw[field] = value;
  }
  const parsed = definition.querySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "_");
      const urlKeys = definition.urlKeys as Record<string, string>;
      issues.push({ param: Object.hasOwn(urlKeys, field) ? urlKeys[field]! : field, message: issue.message, params: (issue as { params?: Record<string, unknown> }).params });
    }
  }
  if (issues.length || !parsed.success) return { ok: false, issues };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const search = (definition.urlSearch as (s: any) => string)({ ...parsed.data, page: 1 }).replace(/^\?/, "");
  const params = new URLSearchParams(search);
  if (hidden.length) params.set(HIDE_KEY, hidden.join(","));
  return { ok: true, query: params.toString() };
}

/** The page a view opens; a view of the whole list names page 1, since a bare list URL opens the reader's default view. */
export function viewHref(list: SavedViewList, query: string): string {
  return `${VIEW_LISTS[list].path}?${query || "page=1"}`;
}

/** The query a view of the list's current state would save (the same form as canonicalViewQuery's). */
export function stateViewQuery(list: SavedViewList, state: object, hidden: readonly string[] = []): string {
  const { definition, columns } = VIEW_LISTS[list];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const params = new URLSearchParams((definition.urlSearch as (s: any) => string)({ ...state, page: 1 }).replace(/^\?/, ""));
  const off = columns.filter((c) => hidden.includes(c));
  if (off.length) params.set(HIDE_KEY, off.join(","));
  return params.toString();
}
