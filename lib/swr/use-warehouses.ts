import { useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import type { CreateWarehouseBody, UpdateWarehouseBody, Warehouse, WarehouseListResponse } from "@/lib/schemas/warehouse";
import { useList } from "@/lib/list/client";
import { WAREHOUSES_API, warehouseList, type WarehouseListState } from "@/lib/warehouses/url-state";
import { fetcher, sendJson, type ProblemError } from "./fetcher";
import { useRevalidateUnder } from "./revalidate";

// The client's view of /api/warehouses: one hook per resource, keyed by the /api URL built from
// validated state, plus the writes. After a write, every /api/warehouses key is revalidated.

/** A page with the key it answers, so the view can tell a kept previous page from the current one. */
export interface KeyedWarehouseList extends WarehouseListResponse {
  key: string;
}

/** One page of the list; the previous page stays on screen (marked stale) while the next loads. */
export function useWarehouses(state: WarehouseListState) {
  return useList<WarehouseListResponse>(warehouseList, state);
}

export const DEFAULT_WAREHOUSE_KEY = `${WAREHOUSES_API}?status=default`;

/** The current default warehouse (for confirmations that name the one being replaced). */
export function useDefaultWarehouse(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<WarehouseListResponse, ProblemError>(enabled ? DEFAULT_WAREHOUSE_KEY : null, fetcher, {
    revalidateOnFocus: false,
  });
  return { warehouse: data?.items[0] ?? null, known: data !== undefined, error, isLoading, mutate };
}

export interface CodeCheckResult {
  available: boolean;
  takenBy: Pick<Warehouse, "id" | "name"> | null;
}

export const CODE_CHECK_DEBOUNCE_MS = 350;

/** Debounces a value: it follows `value` once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Revalidates every /api/warehouses key (lists, the default, code checks) after a write. */
export function useRevalidateWarehouses() {
  const revalidate = useRevalidateUnder();
  return useCallback(() => revalidate(WAREHOUSES_API), [revalidate]);
}

export interface WarehouseWriteResult {
  warehouse: Warehouse;
  message: string;
  /** The write was made, but the previous default could not be unmarked. */
  warning?: "defaultNotSettled";
}

export function createWarehouseRequest(body: CreateWarehouseBody): Promise<WarehouseWriteResult> {
  return sendJson<WarehouseWriteResult>(WAREHOUSES_API, "POST", body);
}

export function updateWarehouseRequest(id: number, body: UpdateWarehouseBody): Promise<WarehouseWriteResult> {
  return sendJson<WarehouseWriteResult>(`${WAREHOUSES_API}/${id}`, "PUT", body);
}

export function deleteWarehouseRequest(id: number): Promise<{ message: string }> {
  return sendJson<{ message: string }>(`${WAREHOUSES_API}/${id}`, "DELETE");
}

export interface BulkOutcome {
  results: { id: number; ok: boolean; code?: string; detail?: string }[];
  succeeded: number;
  failed: number;
}

export function bulkSetActiveRequest(ids: number[], isActive: boolean): Promise<BulkOutcome> {
  return sendJson<BulkOutcome>(`${WAREHOUSES_API}/bulk`, "POST", { ids, isActive });
}
