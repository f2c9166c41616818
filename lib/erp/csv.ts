import Papa from "papaparse";
import type { TransferOrderRow } from "./schemas";

// The export of a transfer run's orders. A byte order mark leads the file so that Excel reads it
// as UTF-8 (Turkish reasons), lines end in CRLF (RFC 4180), and a cell a spreadsheet would run as
// a formula gets a leading apostrophe (OWASP "CSV injection"); the upstream's reason texts are not
// ours, so they are treated as hostile.

export const TRANSFER_CSV_COLUMNS = ["position", "order_id", "batch", "outcome", "reason", "upstream_reason", "reason_code"] as const;

export const CSV_BOM = "\uFEFF";
const NEWLINE = "\r\n";
// papaparse's default pattern misses values with a leading line break: use a stricter one.
const FORMULA_START = /^[=+\-@\t\r\n]/;

function unparse(rows: string[][]): string {
  return Papa.unparse(rows, { newline: NEWLINE, escapeFormulae: FORMULA_START, quotes: false });
}

export function transferCsvHeader(): string {
  return `${CSV_BOM}${unparse([[...TRANSFER_CSV_COLUMNS]])}${NEWLINE}`;
}

/** Data lines, each ending in a line break; `describe` gives the readable reason. */
export function transferCsvLines(rows: TransferOrderRow[], describe: (row: TransferOrderRow) => string): string {
  if (rows.length === 0) return "";
  return `${unparse(
    rows.map((r) => [String(r.position), r.orderId, String(r.batch), r.outcome, describe(r), r.reason ?? "", r.reasonCode ?? ""]),
  )}${NEWLINE}`;
}

export function transferCsvFilename(runId: string, outcome: string | undefined, ext: "csv" | "txt" = "csv"): string {
  return `erp-transfer-${runId.slice(0, 8)}${outcome ? `-${outcome}` : ""}.${ext}`;
}
