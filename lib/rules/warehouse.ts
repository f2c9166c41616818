import { hasControlCharacters } from "@/lib/rules/text";

export const WAREHOUSE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const WAREHOUSE_STATUSES = ["all", "active", "passive", "default", "attention"] as const;
export const WAREHOUSE_SORT_COLUMNS = ["id", "name", "code", "erpWarehouseId", "isActive", "isDefault"] as const;
export const WAREHOUSE_SORT_DIRECTIONS = ["asc", "desc"] as const;
export const DEFAULT_WAREHOUSE_SORT = "id.asc";
export const WAREHOUSE_FIELDS = ["name", "code", "erpWarehouseId", "isActive", "isDefault"] as const;
export const NAME_MAX = 100;
export const CODE_MAX = 50;
export const ERP_ID_MAX = 50;
export const SEARCH_MAX = 100;
export const BULK_MAX = 500;

export type WarehousePageSize = (typeof WAREHOUSE_PAGE_SIZES)[number];
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];
export type WarehouseSortColumn = (typeof WAREHOUSE_SORT_COLUMNS)[number];
export type WarehouseSort = `${WarehouseSortColumn}.${(typeof WAREHOUSE_SORT_DIRECTIONS)[number]}`;
export type WarehouseField = (typeof WAREHOUSE_FIELDS)[number];

export function isWarehouseSort(value: string): value is WarehouseSort {
  const [column, direction, ...rest] = value.split(".");
  return (
    rest.length === 0 &&
    (WAREHOUSE_SORT_COLUMNS as readonly string[]).includes(column ?? "") &&
    (WAREHOUSE_SORT_DIRECTIONS as readonly string[]).includes(direction ?? "")
  );
}

export interface WarehouseFlags {
  isDefault: boolean;
  isActive: boolean;
}

export type WarehouseRuleBreak =
  | { field: "isActive"; key: "defaultMustBeActive" }
  | { field: "isDefault"; key: "defaultCannotBeUnset" | "defaultCannotBeDeleted" };

// docs/upstream-api.md leaves the default to the console: exactly one, always active, until another replaces it.
export function saveRuleBreak(change: Partial<WarehouseFlags>, current?: WarehouseFlags): WarehouseRuleBreak | null {
  const next = { isDefault: change.isDefault ?? current?.isDefault ?? false, isActive: change.isActive ?? current?.isActive ?? true };
  if (current?.isDefault && !next.isDefault) return { field: "isDefault", key: "defaultCannotBeUnset" };
  if (next.isDefault && !next.isActive) return { field: "isActive", key: "defaultMustBeActive" };
  return null;
}

export function deleteRuleBreak(current: WarehouseFlags): WarehouseRuleBreak | null {
  return current.isDefault ? { field: "isDefault", key: "defaultCannotBeDeleted" } : null;
}

export type CodeRuleBreak = "required" | "tooLong" | "controlCharacters" | "codeSpaces";
export const CODE_SPACES = /\s/;

// Invisible and format characters a code may carry from a paste (zero-width spaces, direction marks, soft hyphens, variation selectors).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu;

/** Codes with the same key read as one on screen: case, invisible characters and the dotted or dotless i do not count. */
export function codeKey(code: string): string {
  return code.replace(INVISIBLE, "").normalize("NFKC").toLowerCase().replace(/i\u0307/g, "i").replace(/ı/g, "i").trim();
}

/** Another warehouse whose code reads as this one's (the same key), or null. */
export function codeLookalikeOf<W extends { id: number; code: string }>(code: string, others: Iterable<W>, excludeId?: number): W | null {
  const key = codeKey(code);
  if (key === "") return null;
  for (const w of others) if (w.id !== excludeId && codeKey(w.code) === key) return w;
  return null;
}

export function codeRuleBreak(code: string): CodeRuleBreak | null {
  if (code.trim() === "") return "required";
  if (code.length > CODE_MAX) return "tooLong";
  if (hasControlCharacters(code)) return "controlCharacters";
  if (CODE_SPACES.test(code)) return "codeSpaces";
  return null;
}

export const READINESS_CHECKS = ["erpIdPresent", "erpIdUnique", "oneActiveDefault", "codePolicy"] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
export type ReadinessState = "pass" | "fail" | "skip";
export type ReadinessReason =
  | "erpPresent"
  | "erpMissing"
  | "erpUnique"
  | "erpShared"
  | "noErpId"
  | "isTheDefault"
  | "otherDefault"
  | "noDefault"
  | "severalDefaults"
  | "defaultPassive"
  | "codeValid"
  | "codeRequired"
  | "codeTooLong"
  | "codeControlCharacters"
  | "codeSpaces"
  | "codeLookalike";

export interface ReadinessSubject extends WarehouseFlags {
  id: number;
  name: string;
  code: string;
  erpWarehouseId: string | null;
}
export type WarehouseRef = Pick<ReadinessSubject, "id" | "name" | "code">;

export interface ReadinessResult {
  check: ReadinessCheck;
  state: ReadinessState;
  reason: ReadinessReason;
  others: WarehouseRef[];
}

export interface AccountFacts {
  erpUses: Map<string, WarehouseRef[]>;
  codeUses: Map<string, WarehouseRef[]>;
  defaults: WarehouseRef[];
}

const refOf = ({ id, name, code }: WarehouseRef): WarehouseRef => ({ id, name, code });
// Upstream keeps ERP ids as typed strings: "042" and "42" are different warehouses in the ERP.
const erpKey = (erp: string | null) => erp?.trim() || null;

export function accountFacts(all: Iterable<ReadinessSubject>): AccountFacts {
  const facts: AccountFacts = { erpUses: new Map(), codeUses: new Map(), defaults: [] };
  const addUse = (map: Map<string, WarehouseRef[]>, key: string, w: WarehouseRef) => {
    const uses = map.get(key);
    if (uses) uses.push(refOf(w));
    else map.set(key, [refOf(w)]);
  };
  for (const w of all) {
    const erp = erpKey(w.erpWarehouseId);
    if (erp !== null) addUse(facts.erpUses, erp, w);
    const code = codeKey(w.code);
    if (code !== "") addUse(facts.codeUses, code, w);
    if (w.isDefault) facts.defaults.push(refOf(w));
  }
  return facts;
}

const CODE_REASONS: Record<CodeRuleBreak, ReadinessReason> = {
  required: "codeRequired",
  tooLong: "codeTooLong",
  controlCharacters: "codeControlCharacters",
  codeSpaces: "codeSpaces",
};

// The warehouse as given wins over its own entry in the facts, which may be older.
export function readinessOf(w: ReadinessSubject, facts: AccountFacts): ReadinessResult[] {
  const result = (check: ReadinessCheck, state: ReadinessState, reason: ReadinessReason, others: WarehouseRef[] = []) => ({ check, state, reason, others });
  const erp = erpKey(w.erpWarehouseId);
  const sharers = erp === null ? [] : (facts.erpUses.get(erp) ?? []).filter((o) => o.id !== w.id);
  const defaults = [...facts.defaults.filter((d) => d.id !== w.id), ...(w.isDefault ? [refOf(w)] : [])];
  const otherDefaults = defaults.filter((d) => d.id !== w.id);
  const codeBreak = codeRuleBreak(w.code);
  const code = codeKey(w.code);
  const lookalikes = code === "" ? [] : (facts.codeUses.get(code) ?? []).filter((o) => o.id !== w.id);
  return [
    erp === null ? result("erpIdPresent", "fail", "erpMissing") : result("erpIdPresent", "pass", "erpPresent"),
    erp === null
      ? result("erpIdUnique", "skip", "noErpId")
      : sharers.length > 0
        ? result("erpIdUnique", "fail", "erpShared", sharers)
        : result("erpIdUnique", "pass", "erpUnique"),
    // Account-wide, a count other than one concerns every warehouse; being passive, only the default.
    defaults.length === 0
      ? result("oneActiveDefault", "fail", "noDefault")
      : defaults.length > 1
        ? result("oneActiveDefault", "fail", "severalDefaults", defaults)
        : w.isDefault && !w.isActive
          ? result("oneActiveDefault", "fail", "defaultPassive")
          : w.isDefault
            ? result("oneActiveDefault", "pass", "isTheDefault")
            : result("oneActiveDefault", "pass", "otherDefault", otherDefaults),
    codeBreak
      ? result("codePolicy", "fail", CODE_REASONS[codeBreak])
      : lookalikes.length > 0
        ? result("codePolicy", "fail", "codeLookalike", lookalikes)
        : result("codePolicy", "pass", "codeValid"),
  ];
}

export function attentionOf(w: ReadinessSubject, facts: AccountFacts): ReadinessCheck[] {
  return readinessOf(w, facts)
    .filter((r) => r.state === "fail")
    .map((r) => r.check);
}

export function warehouseReadiness(w: ReadinessSubject, all: Iterable<ReadinessSubject>): ReadinessResult[] {
  return readinessOf(w, accountFacts(all));
}
