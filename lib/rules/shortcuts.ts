export const SEQUENCE_TIMEOUT_MS = 1000;

export const GO_TARGETS = { h: "/", w: "/warehouses", e: "/erp", a: "/activity", t: "/team" } as const;
export type GoKey = keyof typeof GO_TARGETS;

export type ShortcutAction = { kind: "go"; href: (typeof GO_TARGETS)[GoKey] } | { kind: "search" } | { kind: "new" } | { kind: "help" } | { kind: "palette" };

export type SequenceState = { pending: null } | { pending: "g"; at: number };

export const IDLE: SequenceState = { pending: null };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  typing: boolean;
}

const SINGLE: Record<string, ShortcutAction> = { "/": { kind: "search" }, n: { kind: "new" }, "?": { kind: "help" } };

function isGoKey(key: string): key is GoKey {
  return Object.hasOwn(GO_TARGETS, key);
}

export function isPaletteKey(press: Pick<KeyPress, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  return (press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === "k";
}

export function readKey(state: SequenceState, press: KeyPress, now: number): { state: SequenceState; action: ShortcutAction | null } {
  if (isPaletteKey(press)) return { state: IDLE, action: { kind: "palette" } };
  if (press.typing || press.ctrlKey || press.metaKey || press.altKey) return { state: IDLE, action: null };
  // Shift pressed on its own comes before a capital or a "?": it must not end a waiting "g".
  if (press.key === "Shift") return { state, action: null };
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (state.pending === "g" && now - state.at <= SEQUENCE_TIMEOUT_MS && isGoKey(key)) {
    return { state: IDLE, action: { kind: "go", href: GO_TARGETS[key] } };
  }
  if (key === "g") return { state: { pending: "g", at: now }, action: null };
  const single = SINGLE[press.key];
  return { state: IDLE, action: single ?? null };
}

export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean } | null | undefined): boolean {
  if (!el) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName?.toUpperCase();
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}

export const SHORTCUT_LIST = [
  { keys: ["Ctrl", "K"], label: "shortcut", ns: "palette", chord: true },
  { keys: ["g", "h"], label: "goHome" },
  { keys: ["g", "w"], label: "goWarehouses" },
  { keys: ["g", "e"], label: "goErp" },
  { keys: ["g", "a"], label: "goActivity" },
  { keys: ["g", "t"], label: "goTeam" },
  { keys: ["/"], label: "search" },
  { keys: ["n"], label: "newWarehouse" },
  { keys: ["?"], label: "help" },
] as const;
