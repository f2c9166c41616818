import { fold } from "@/lib/warehouses/fold";
import type { PageKey } from "@/lib/palette/recent";

export const PAGES: readonly { key: PageKey; href: string }[] = [
  { key: "home", href: "/" },
  { key: "warehouses", href: "/warehouses" },
  { key: "erp", href: "/erp" },
  { key: "schedules", href: "/erp/schedules" },
  { key: "activity", href: "/activity" },
  { key: "team", href: "/team" },
  { key: "alerts", href: "/alerts" },
];

export function pageHref(key: PageKey): string {
  return PAGES.find((p) => p.key === key)?.href ?? "/";
}

export const ACTION_KEYS = ["newWarehouse", "transfer", "import"] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

export const ACTION_TARGETS: Record<ActionKey, { href: string; focus?: string }> = {
  newWarehouse: { href: "/warehouses/new" },
  transfer: { href: "/erp#transfer", focus: "transfer" },
  import: { href: "/erp#imports", focus: "imports" },
};

export function matchesQuery(query: string, texts: readonly string[]): boolean {
  const words = fold(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.map(fold).join(" ");
  return words.every((w) => haystack.includes(w));
}


export const OPEN_PALETTE_EVENT = "labs:open-palette";

export function openPalette() {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}
