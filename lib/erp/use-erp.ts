import useSWR from "swr";
import { fetcher, type ProblemError } from "@/lib/swr/fetcher";
import { useRevalidateUnder } from "@/lib/swr/revalidate";
import { importsKey, IMPORTS_KEY, runKey, transfersKey, TRANSFERS_KEY } from "./api-client";
import type { ImportRunList, ListImportsQuery, ListTransfersQuery, RunOrdersQuery, TransferRunList, TransferRunPage } from "./schemas";
import { isRunActive } from "./status";

// One SWR hook per resource, keyed by the /api URL built from validated params. Lists keep the
// previous page on screen while the next loads; a running run is polled until it ends.

const POLL_MS = 1000;

export function useTransferRuns(q: ListTransfersQuery) {
  return useSWR<TransferRunList, ProblemError>(transfersKey(q), fetcher, {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.items.some((r) => isRunActive(r.state)) ? 2 * POLL_MS : 0),
  });
}

export function useTransferRun(runId: string, q: RunOrdersQuery) {
  return useSWR<TransferRunPage, ProblemError>(runKey(runId, q), fetcher, {
    keepPreviousData: true,
    refreshInterval: (data) => (data && isRunActive(data.run.state) ? POLL_MS : 0),
  });
}

export function useImports(q: Partial<ListImportsQuery> & { page: number; limit: number }) {
  return useSWR<ImportRunList, ProblemError>(importsKey(q), fetcher, { keepPreviousData: true });
}

/** Revalidates every cached key under a prefix (all pages and filters of a list). */
export function useRevalidate(): (prefix: typeof TRANSFERS_KEY | typeof IMPORTS_KEY) => Promise<unknown> {
  return useRevalidateUnder();
}
