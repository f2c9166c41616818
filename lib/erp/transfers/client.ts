import { useList } from "@/lib/list/client";
import type { ProblemDocument } from "@/lib/rules/problems";
import { fetchText, isProblemError, sendJson } from "@/lib/swr/fetcher";
import { useRevalidateUnder } from "@/lib/swr/revalidate";
import { IMPORTS_API, TRANSFERS_API, transferRunListBase as transferRunList, type OrderOutcome, type RetryKind, type runOrderListBase } from "@/lib/erp/lists";
import type { ImportOutcome } from "@/lib/erp/imports/schemas";
import type { RunOrderListState, TransferRunList, TransferRunListState, TransferRunPage, TransferRunSummary } from "@/lib/erp/transfers/schemas";

type RunOrderList = ReturnType<typeof runOrderListBase>;
import { isRunActive } from "@/lib/erp/transfers/status";
import type { PastedOrder } from "@/lib/erp/transfers/pasted-orders";

const POLL_MS = 1000;

export interface ErpProblem extends ProblemDocument {
  lastRun?: { by: string; byName: string; at: string; outcome: ImportOutcome; origin?: "manual" | "scheduled" };
  windowMinutes?: number;
  runId?: string;
}

export function erpProblem(error: unknown): ErpProblem | null {
  return isProblemError(error) ? (error.problem as ErpProblem) : null;
}

export function useTransferRuns(state: TransferRunListState) {
  return useList<TransferRunList>(transferRunList, state, {
    refreshInterval: (data) => (data?.items.some((r) => isRunActive(r.state)) ? 2 * POLL_MS : 0),
  });
}

export function useTransferRun(list: RunOrderList, state: RunOrderListState) {
  return useList<TransferRunPage>(list, state, { refreshInterval: (data) => (data && isRunActive(data.run.state) ? POLL_MS : 0) });
}

export function useRevalidate(): (prefix: typeof TRANSFERS_API | typeof IMPORTS_API) => Promise<unknown> {
  return useRevalidateUnder();
}

export function exportHref(runId: string, outcome: OrderOutcome | undefined, format: "csv" | "xlsx" | "txt" = "csv"): string {
  const query = new URLSearchParams({ ...(outcome ? { outcome } : {}), ...(format === "csv" ? {} : { format }) }).toString();
  return `${TRANSFERS_API}/${runId}/export${query ? `?${query}` : ""}`;
}

export type CreateTransferRequest = { orderIds: string[]; overrideHold?: boolean; channels?: PastedOrder[] } | { parentRunId: string; retry: RetryKind; confirmUnknown?: boolean; confirmRejected?: boolean };

export function createTransfer(body: CreateTransferRequest, idempotencyKey: string): Promise<{ run: TransferRunSummary; created: boolean }> {
  return sendJson(TRANSFERS_API, "POST", body, { "Idempotency-Key": idempotencyKey });
}

export function stopTransferRun(runId: string): Promise<{ run: TransferRunSummary; requested: boolean }> {
  return sendJson(`${TRANSFERS_API}/${runId}/stop`, "POST");
}

export async function fetchRunIds(runId: string, outcome: OrderOutcome): Promise<string[]> {
  return (await fetchText(exportHref(runId, outcome, "txt"))).split("\n").filter(Boolean);
}
