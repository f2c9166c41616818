import { fetchText, isProblemError, sendJson, type ProblemDocument } from "@/lib/swr/fetcher";
import type {
  ImportOutcome,
  ListImportsQuery,
  ListTransfersQuery,
  OrderOutcome,
  RetryKind,
  RunOrdersQuery,
  StartImportBody,
  TransferRunSummary,
  ImportRunRow,
} from "./schemas";
import { ORDERS_DEFAULT_PAGE_SIZE, RUNS_DEFAULT_PAGE_SIZE } from "./schemas";

// Browser side of /api/erp, on the shared fetcher: failures throw a ProblemError carrying the
// problem+json document (status 0 when the console could not be reached), so an outage never reads
// as "no runs".

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

function search(params: Record<string, string | number | undefined | null>, defaults: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "" || defaults[k] === v) continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : "";
}

export const TRANSFERS_KEY = "/api/erp/transfers";
export const IMPORTS_KEY = "/api/erp/imports";

export function transfersKey(q: Partial<ListTransfersQuery> & { page: number; limit: number }): string {
  return `${TRANSFERS_KEY}${search({ status: q.status, by: q.by, page: q.page, limit: q.limit }, { page: 1, limit: RUNS_DEFAULT_PAGE_SIZE })}`;
}

export function runKey(runId: string, q: Partial<RunOrdersQuery> & { page: number; limit: number }): string {
  return `${TRANSFERS_KEY}/${runId}${search({ outcome: q.outcome, page: q.page, limit: q.limit }, { page: 1, limit: ORDERS_DEFAULT_PAGE_SIZE })}`;
}

export function importsKey(q: Partial<ListImportsQuery> & { page: number; limit: number }): string {
  return `${IMPORTS_KEY}${search({ kind: q.kind, page: q.page, limit: q.limit }, { page: 1, limit: RUNS_DEFAULT_PAGE_SIZE })}`;
}

export function exportHref(runId: string, outcome: OrderOutcome | undefined, format: "csv" | "txt" = "csv"): string {
  return `${TRANSFERS_KEY}/${runId}/export${search({ outcome, format: format === "csv" ? undefined : format })}`;
}

export type CreateTransferRequest = { orderIds: string[] } | { parentRunId: string; retry: RetryKind; confirmUnknown?: boolean };

export function createTransfer(body: CreateTransferRequest, idempotencyKey: string): Promise<{ run: TransferRunSummary; created: boolean }> {
  return sendJson(TRANSFERS_KEY, "POST", body, { "Idempotency-Key": idempotencyKey });
}

export function startImport(body: StartImportBody): Promise<{ run: ImportRunRow }> {
  return sendJson(IMPORTS_KEY, "POST", body);
}

/** Every id of a run with one outcome (for "copy failed ids"). */
export async function fetchRunIds(runId: string, outcome: OrderOutcome): Promise<string[]> {
  return (await fetchText(exportHref(runId, outcome, "txt"))).split("\n").filter(Boolean);
}
