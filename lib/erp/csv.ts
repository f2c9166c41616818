import { csvHeader, csvLines } from "@/lib/rules/csv";
import type { TransferOrderRow } from "./schemas";

// The export of a transfer run's orders. Encoding, quoting and the formula guard come from
// lib/rules/csv.ts; the upstream's reason texts are not ours, so they go through the same guard.

export const TRANSFER_CSV_COLUMNS = ["position", "order_id", "batch", "outcome", "reason", "upstream_reason", "reason_code"] as const;

export function transferCsvHeader(): string {
  return csvHeader(TRANSFER_CSV_COLUMNS);
}

/** Data lines, each ending in a line break; `describe` gives the readable reason. */
export function transferCsvLines(rows: TransferOrderRow[], describe: (row: TransferOrderRow) => string): string {
  return csvLines(rows.map((r) => [String(r.position), r.orderId, String(r.batch), r.outcome, describe(r), r.reason ?? "", r.reasonCode ?? ""]));
}

export function transferCsvFilename(runId: string, outcome: string | undefined, ext: "csv" | "txt" = "csv"): string {
  return `erp-transfer-${runId.slice(0, 8)}${outcome ? `-${outcome}` : ""}.${ext}`;
}
