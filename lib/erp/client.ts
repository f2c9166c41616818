import { useList } from "@/lib/list/client";
import type { ProblemDocument } from "@/lib/rules/problems";
import { fetchText, isProblemError, sendJson } from "@/lib/swr/fetcher";
import { useRevalidateUnder } from "@/lib/swr/revalidate";
import {
  IMPORTS_API,
  importList,
  TRANSFERS_API,
  transferRunList,
  type ImportListState,
  type ImportOutcome,
  type ImportRunList,
  type ImportRunRow,
  type OrderOutcome,
  type RetryKind,
  type RunOrderList,
  type RunOrderListState,
  type StartImportBody,
  type TransferRunList,
  type TransferRunListState,
  type TransferRunPage,
  type TransferRunSummary,
} from "./schemas";
import { isRunActive } from "./status";

// The browser side of /api/erp: fetchers and SWR hooks; a failure throws a ProblemError, so an outage never reads as "no runs".

const POLL_MS = 1000;

/** What /api/erp adds to a problem document. */
export interface ErpProblem extends ProblemDocument {
  lastRun?: { by: string; byName: string; at: string; outcome: ImportOutcome };
  windowMinutes?: number;
  runId?: string;
}

/** The ERP problem document of a failure, or null when it is not a problem from the console. */
export function erpProblem(error: unknown): ErpProblem | null {
  return isProblemError(error) ? (error.problem as ErpProblem) : null;
}

export function useTransferRuns(state: TransferRunListState) {
  return useList<TransferRunList>(transferRunList, state, {
    refreshInterval: (data) => (data?.items.some((r) => isRunActive(r.state)) ? 2 * POLL_MS : 0),
  });
}

/** A run and one page of its orders, polled while the run is active. */
export function useTransferRun(list: RunOrderList, state: RunOrderListState) {
  return useList<TransferRunPage>(list, state, { refreshInterval: (data) => (data && isRunActive(data.run.state) ? POLL_MS : 0) });
}

export function useImports(state: ImportListState) {
  return useList<ImportRunList>(importList, state);
}

/** Revalidates every cached key under a list's path (all its pages and filters). */
export function useRevalidate(): (prefix: typeof TRANSFERS_API | typeof IMPORTS_API) => Promise<unknown> {
  return useRevalidateUnder();
}

export function exportHref(runId: string, outcome: OrderOutcome | undefined, format: "csv" | "txt" = "csv"): string {
  const query = new URLSearchParams({ ...(outcome ? { outcome } : {}), ...(format === "txt" ? { format } : {}) }).toString();
  return `${TRANSFERS_API}/${runId}/export${query ? `?${query}` : ""}`;
}

export type CreateTransferRequest = { orderIds: string[] } | { parentRunId: string; retry: RetryKind; confirmUnknown?: boolean };

export function createTransfer(body: CreateTransferRequest, idempotencyKey: string): Promise<{ run: TransferRunSummary; created: boolean }> {
  return sendJson(TRANSFERS_API, "POST", body, { "Idempotency-Key": idempotencyKey });
}

export function startImport(body: StartImportBody): Promise<{ run: ImportRunRow }> {
  return sendJson(IMPORTS_API, "POST", body);
}

/** Every id of a run with one outcome (for "copy failed ids"). */
export async function fetchRunIds(runId: string, outcome: OrderOutcome): Promise<string[]> {
  return (await fetchText(exportHref(runId, outcome, "txt"))).split("\n").filter(Boolean);
}
