import { can, type Permission } from "@/lib/auth/roles";
import type { Role } from "@/lib/auth/roles";
import { fold } from "@/lib/warehouses/fold";
import type { PageKey } from "@/lib/palette/recent";

export const PAGES: readonly { key: PageKey; href: string; permission?: Permission }[] = [
  { key: "home", href: "/" },
  { key: "warehouses", href: "/warehouses" },
  { key: "erp", href: "/erp" },
  { key: "failures", href: "/erp/failures" },
  { key: "queue", href: "/erp#queue" },
  { key: "schedules", href: "/erp/schedules" },
  { key: "reconciliations", href: "/reconciliations" },
  { key: "activity", href: "/activity" },
  { key: "team", href: "/team" },
  { key: "alerts", href: "/alerts" },
  { key: "apiKeys", href: "/team/keys", permission: "keys.manage" },
  { key: "apiReference", href: "/team/api" },
];

export const PAGE_WORDS: Record<PageKey, readonly string[]> = {
  home: ["home", "dashboard", "ana sayfa", "özet"],
  warehouses: ["warehouse", "depo", "ambar"],
  erp: ["erp", "transfer", "runs", "aktarım", "çalıştırma"],
  failures: ["failures", "failed", "inbox", "errors", "exceptions", "başarısız", "hata", "istisna", "gelen kutusu"],
  queue: ["queue", "order queue", "waiting", "kuyruk", "sipariş kuyruğu", "bekleyen"],
  schedules: ["schedule", "cron", "timer", "zamanlama", "takvim", "plan"],
  reconciliations: ["reconciliation", "reconcile", "backfill", "missing orders", "never seen", "mutabakat", "eksik sipariş", "geriye dönük"],
  activity: ["activity", "trail", "audit", "history", "log", "etkinlik", "denetim", "geçmiş", "kayıt"],
  team: ["team", "members", "users", "ekip", "üye", "kullanıcı"],
  alerts: ["alert", "notification", "digest", "uyarı", "bildirim", "özet e-posta"],
  apiKeys: ["api key", "keys", "token", "anahtar", "belirteç"],
  apiReference: ["api", "reference", "openapi", "docs", "referans", "belge"],
};

export function matchingPages(query: string, pages: readonly { key: PageKey; href: string }[], label: (key: PageKey) => string): { key: PageKey; href: string }[] {
  return pages.filter((p) => matchesQuery(query, [label(p.key), ...PAGE_WORDS[p.key]]));
}

export const COMMAND_KEYS = ["themeDark", "themeLight", "themeSystem", "signOut"] as const;
export type CommandKey = (typeof COMMAND_KEYS)[number];
const THEME_WORDS = ["theme", "appearance", "tema", "görünüm"];
export const COMMAND_WORDS: Record<CommandKey, readonly string[]> = {
  themeDark: [...THEME_WORDS, "dark", "night", "karanlık", "koyu", "gece"],
  themeLight: [...THEME_WORDS, "light", "day", "açık", "aydınlık", "gündüz"],
  themeSystem: [...THEME_WORDS, "system", "auto", "sistem", "otomatik"],
  signOut: ["sign out", "log out", "logout", "exit", "çıkış", "çıkış yap", "oturumu kapat"],
};

export function matchingCommands(query: string, label: (key: CommandKey) => string): CommandKey[] {
  return COMMAND_KEYS.filter((key) => matchesQuery(query, [label(key), ...COMMAND_WORDS[key]]));
}

/** The pages a role is offered: a page only admins may use is not offered to the others. */
export function pagesFor(role: Role): readonly { key: PageKey; href: string }[] {
  return PAGES.filter((p) => !p.permission || can(role, p.permission));
}

export function pageHref(key: PageKey): string {
  return PAGES.find((p) => p.key === key)?.href ?? "/";
}

export const ACTION_KEYS = ["newWarehouse", "transfer", "importStock", "importPrices", "importProducts"] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

// ?start= opens that import's dialog on the ERP page (components/erp/imports-panel.tsx), which still asks to confirm.
export const ACTION_TARGETS: Record<ActionKey, { href: string; focus?: string }> = {
  newWarehouse: { href: "/warehouses/new" },
  transfer: { href: "/erp#transfer", focus: "transfer" },
  importStock: { href: "/erp?start=stock#imports" },
  importPrices: { href: "/erp?start=prices#imports" },
  importProducts: { href: "/erp?start=products#imports" },
};

const IMPORT_WORDS = ["import", "içe aktar", "erp"];
/** Words an action is found by in either language, whatever the page's language: a Turkish team types "stok" on the English page too. */
export const ACTION_WORDS: Record<ActionKey, readonly string[]> = {
  newWarehouse: ["new warehouse", "add warehouse", "yeni depo", "depo ekle"],
  transfer: ["transfer orders", "siparişleri aktar", "erp"],
  importStock: [...IMPORT_WORDS, "stock", "stok"],
  importPrices: [...IMPORT_WORDS, "price", "prices", "fiyat", "fiyatlar"],
  importProducts: [...IMPORT_WORDS, "product", "products", "ürün", "ürünler"],
};

/** The actions a query finds, by their label in the page's language or by their words in either. */
export function matchingActions(query: string, label: (key: ActionKey) => string): ActionKey[] {
  return ACTION_KEYS.filter((key) => matchesQuery(query, [label(key), ...ACTION_WORDS[key]]));
}

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
