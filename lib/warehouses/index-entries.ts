import type { ReadinessCheck, WarehouseRef, WarehouseSort, WarehouseStatus } from "@/lib/rules/warehouse";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { fold } from "@/lib/warehouses/fold";

export interface IndexPage {
  items: Warehouse[];
  totalPage: number;
}

export interface WarehouseIndexOptions {
  fetchPage: (page: number, limit: number) => Promise<IndexPage>;
  ttlMs?: number;
  maxStaleMs?: number;
  concurrency?: number;
  pageSize?: number;
  now?: () => number;
  onBackgroundError?: (error: unknown) => void;
}

export interface IndexQuery {
  q: string;
  status: WarehouseStatus;
  sort: WarehouseSort;
}

export interface IndexStats {
  builds: number;
  upstreamCalls: number;
  maxInFlight: number;
  lastBuildMs: number;
}

export interface Entry {
  w: Warehouse;
  name: string;
  code: string;
  erp: string;
  attention: readonly ReadinessCheck[] | undefined;
  attentionEpoch: number;
}

export type Compare = (a: Entry, b: Entry) => number;
export interface SortedList {
  compare: Compare;
  list: Entry[];
}

const collator = new Intl.Collator("tr", { sensitivity: "base", numeric: true });

export function entryOf(w: Warehouse): Entry {
  // Every field from the start, so the memoised checks sit in the object rather than in a grown property store.
  return { w, name: fold(w.name), code: fold(w.code), erp: fold(w.erpWarehouseId ?? ""), attention: undefined, attentionEpoch: -1 };
}

function compare(column: string): Compare {
  switch (column) {
    case "name":
      return (a, b) => collator.compare(a.w.name, b.w.name) || a.w.id - b.w.id;
    case "code":
      return (a, b) => collator.compare(a.w.code, b.w.code) || a.w.id - b.w.id;
    case "erpWarehouseId":
      // No ERP id sorts last in ascending order.
      return (a, b) =>
        (a.w.erpWarehouseId === null ? 1 : 0) - (b.w.erpWarehouseId === null ? 1 : 0) ||
        collator.compare(a.w.erpWarehouseId ?? "", b.w.erpWarehouseId ?? "") ||
        a.w.id - b.w.id;
    case "isActive":
      return (a, b) => Number(b.w.isActive) - Number(a.w.isActive) || a.w.id - b.w.id;
    case "isDefault":
      return (a, b) => Number(b.w.isDefault) - Number(a.w.isDefault) || a.w.id - b.w.id;
    default:
      return (a, b) => a.w.id - b.w.id;
  }
}

export function sameWarehouse(a: Warehouse, b: Warehouse): boolean {
  return a.name === b.name && a.code === b.code && a.erpWarehouseId === b.erpWarehouseId && a.isDefault === b.isDefault && a.isActive === b.isActive;
}

// Past this many differences a refresh starts the sorted orders and facts afresh: each difference moves every list once.
export const CARRY_OVER_MAX = 256;

export function compareFor(sort: string): Compare {
  const [column = "id", direction] = sort.split(".");
  const asc = compare(column);
  return direction === "desc" ? (a, b) => asc(b, a) : asc;
}

export function position(list: readonly Entry[], e: Entry, cmp: Compare): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(list[mid]!, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function removeRef(refs: WarehouseRef[], id: number): boolean {
  const i = refs.findIndex((r) => r.id === id);
  if (i >= 0) refs.splice(i, 1);
  return i >= 0;
}

export function insertRef(refs: WarehouseRef[], ref: WarehouseRef): void {
  let i = refs.length;
  while (i > 0 && refs[i - 1]!.id > ref.id) i--;
  refs.splice(i, 0, ref);
}
