import { z } from "zod";
import { recentStorageKey } from "@/lib/palette/forget";
import { CODE_MAX, NAME_MAX } from "@/lib/rules/warehouse";

export { recentStorageKey } from "@/lib/palette/forget";
export const RECENT_MAX = 5;

export const PAGE_KEYS = ["home", "warehouses", "erp", "failures", "queue", "schedules", "reconciliations", "activity", "team", "alerts", "apiKeys", "apiReference"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

const recentItemSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("warehouse"), id: z.number().int().positive(), name: z.string().max(NAME_MAX), code: z.string().max(CODE_MAX) }),
  z.strictObject({ kind: z.literal("page"), key: z.enum(PAGE_KEYS) }),
]);
export type RecentItem = z.infer<typeof recentItemSchema>;

export function recentKey(item: RecentItem): string {
  return item.kind === "warehouse" ? `warehouse:${item.id}` : `page:${item.key}`;
}

export function pushRecent(list: readonly RecentItem[], item: RecentItem, max = RECENT_MAX): RecentItem[] {
  const key = recentKey(item);
  return [item, ...list.filter((r) => recentKey(r) !== key)].slice(0, max);
}

/** Whatever the storage holds (another version's shape, hand edits): only valid entries survive, never a throw. */
export function parseRecent(raw: string | null | undefined, max = RECENT_MAX): RecentItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: RecentItem[] = [];
  for (const entry of value) {
    const parsed = recentItemSchema.safeParse(entry);
    if (parsed.success && !out.some((r) => recentKey(r) === recentKey(parsed.data))) out.push(parsed.data);
    if (out.length === max) break;
  }
  return out;
}

type StorageLike = Pick<Storage, "getItem" | "setItem">;

export function loadRecent(storage: StorageLike | null | undefined, member: string): RecentItem[] {
  try {
    return parseRecent(storage?.getItem(recentStorageKey(member)));
  } catch {
    // Storage can be switched off (private mode, policy): the palette works without recent items.
    return [];
  }
}

export function rememberRecent(storage: StorageLike | null | undefined, member: string, item: RecentItem): RecentItem[] {
  const next = pushRecent(loadRecent(storage, member), item);
  try {
    storage?.setItem(recentStorageKey(member), JSON.stringify(next));
  } catch {
    // Quota or policy: nothing to do.
  }
  return next;
}
