import { activityList } from "@/lib/activity/schemas";
import { transferRunList } from "@/lib/erp/schemas";
import { HIDE_KEY, VIEW_LISTS, VIEW_QUERY_MAX, type SavedViewList, type ViewQueryResult, type ViewQueryIssue } from "@/lib/views/lists";
import { warehouseList } from "@/lib/warehouses/schemas";
import { failuresList } from "@/lib/erp/inbox/schemas";

const QUERY_DEFINITIONS = { warehouses: warehouseList, activity: activityList, transfers: transferRunList, erp_failures: failuresList } as const;

export function canonicalViewQuery(list: SavedViewList, input: string): ViewQueryResult {
  const { columns } = VIEW_LISTS[list];
  const definition = QUERY_DEFINITIONS[list];
  if (input.length > VIEW_QUERY_MAX) return { ok: false, issues: [{ param: "_", message: "validation.views.queryTooLong", params: { max: VIEW_QUERY_MAX } }] };
  const fieldOf = new Map(Object.entries(definition.urlKeys as Record<string, string>).map(([field, key]) => [key, field]));
  const raw: Record<string, string> = Object.create(null);
  const issues: ViewQueryIssue[] = [];
  let hidden: string[] = [];
  for (const [key, value] of new URLSearchParams(input.startsWith("?") ? input.slice(1) : input)) {
    const field = fieldOf.get(key) ?? key;
    if (key in raw || (key === HIDE_KEY && hidden.length)) {
      issues.push({ param: key, message: "validation.views.queryRepeated", params: { name: key } });
      continue;
    }
    // A view opens on the first page: the page it was saved on is not part of it.
    if (field === "page") continue;
    if (key === HIDE_KEY && columns.length) {
      const names = value.split(",");
      if (names.some((n) => !columns.includes(n)) || new Set(names).size !== names.length) {
        issues.push({ param: key, message: "validation.views.queryColumns", params: { columns: columns.join(", ") } });
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

