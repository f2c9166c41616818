import useSWR, { useSWRConfig } from "swr";
import { useCallback } from "react";
import { erpFetcher, importsKey, IMPORTS_KEY, runKey, transfersKey, TRANSFERS_KEY, type ErpProblemError } from "./api-client";
import type { ImportRunList, ListImportsQuery, ListTransfersQuery, RunOrdersQuery, TransferRunList, TransferRunPage } from "./schemas";
import { isRunActive } from "./status";

// One SWR hook per resource, keyed by the /api URL built from validated params. Lists keep the
// previous page on screen while the next loads; a running run is polled until it ends.

const POLL_MS = 1000;

export function useTransferRuns(q: ListTransfersQuery) {
  return useSWR<TransferRunList, ErpProblemError>(transfersKey(q), erpFetcher, {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.items.some((r) => isRunActive(r.state)) ? 2 * POLL_MS : 0),
  });
}

export function useTransferRun(runId: string, q: RunOrdersQuery) {
  return useSWR<TransferRunPage, ErpProblemError>(runKey(runId, q), erpFetcher, {
    keepPreviousData: true,
    refreshInterval: (data) => (data && isRunActive(data.run.state) ? POLL_MS : 0),
  });
}

export function useImports(q: Partial<ListImportsQuery> & { page: number; limit: number }) {
  return useSWR<ImportRunList, ErpProblemError>(importsKey(q), erpFetcher, { keepPreviousData: true });
}

/** Revalidates every cached key under a prefix (all pages and filters of a list). */
export function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (prefix: typeof TRANSFERS_KEY | typeof IMPORTS_KEY) =>
      mutate((key) => typeof key === "string" && (key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`))),
    [mutate],
  );
}
