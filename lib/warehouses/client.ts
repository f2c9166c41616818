import { useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import { useList, type Keyed } from "@/lib/list/client";
import { fetcher, sendJson, type ProblemError } from "@/lib/swr/fetcher";
import { useRevalidateUnder } from "@/lib/swr/revalidate";
import { WAREHOUSES_API, warehouseListBase as warehouseList } from "@/lib/warehouses/lists";
import type {
  BulkOutcome,
  CreateWarehouseBody,
  UpdateWarehouseBody,
  WarehouseListResponse,
  WarehouseListState,
  WarehouseWriteResult,
} from "@/lib/warehouses/schemas";

export type KeyedWarehouseList = Keyed<WarehouseListResponse>;

export function useWarehouses(state: WarehouseListState) {
  return useList<WarehouseListResponse>(warehouseList, state);
}

export const DEFAULT_WAREHOUSE_KEY = `${WAREHOUSES_API}?status=default`;

export function useDefaultWarehouse(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<WarehouseListResponse, ProblemError>(enabled ? DEFAULT_WAREHOUSE_KEY : null, fetcher, {
    revalidateOnFocus: false,
  });
  return { warehouse: data?.items[0] ?? null, known: data !== undefined, error, isLoading, mutate };
}

/** Warehouses matching `q` (null: no search); no silent retries, so a failing search shows its error until asked again. */
export function useWarehouseLookup(q: string | null, limit: number) {
  const key = q ? `${WAREHOUSES_API}?${new URLSearchParams({ q, limit: String(limit) }).toString()}` : null;
  return useSWR<WarehouseListResponse, ProblemError>(key, fetcher, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    dedupingInterval: 2_000,
  });
}

export const CODE_CHECK_DEBOUNCE_MS = 350;

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function useRevalidateWarehouses() {
  const revalidate = useRevalidateUnder();
  return useCallback(() => revalidate(WAREHOUSES_API), [revalidate]);
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

export function bulkSetActiveRequest(ids: number[], isActive: boolean): Promise<BulkOutcome> {
  return sendJson<BulkOutcome>(`${WAREHOUSES_API}/bulk`, "POST", { ids, isActive });
}
