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

// Browser side of /api/erp. Failures throw an ErpProblemError carrying the problem+json document
// (status 0 when the console could not be reached), so an outage never reads as "no runs".

export interface ErpProblem {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  reason?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
  lastRun?: { by: string; byName: string; at: string; outcome: ImportOutcome };
  windowMinutes?: number;
  runId?: string;
}

export class ErpProblemError extends Error {
  constructor(readonly problem: ErpProblem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = "ErpProblemError";
  }
  get status(): number {
    return this.problem.status;
  }
}

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "same-origin", headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new ErpProblemError({ status: 0, code: "network" });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const doc = body && typeof body === "object" ? (body as Partial<ErpProblem>) : {};
    throw new ErpProblemError({ ...doc, status: res.status });
  }
  if (body === null) throw new ErpProblemError({ status: 0, code: "bad_response" });
  return body as T;
}

export const erpFetcher = <T>(url: string) => request<T>(url);

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
  return request(TRANSFERS_KEY, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });
}

export function startImport(body: StartImportBody): Promise<{ run: ImportRunRow }> {
  return request(IMPORTS_KEY, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** Every id of a run with one outcome (for "copy failed ids"). */
export async function fetchRunIds(runId: string, outcome: OrderOutcome): Promise<string[]> {
  let res: Response;
  try {
    res = await fetch(exportHref(runId, outcome, "txt"), { credentials: "same-origin" });
  } catch {
    throw new ErpProblemError({ status: 0, code: "network" });
  }
  if (!res.ok) throw new ErpProblemError({ status: res.status });
  return (await res.text()).split("\n").filter(Boolean);
}
