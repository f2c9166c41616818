import Papa from "papaparse";

// CSV for spreadsheets, shared by every export: UTF-8 with a byte-order mark (so Excel reads
// Turkish letters), CRLF line ends (RFC 4180), and cells a spreadsheet would run as a formula
// neutralised with a leading apostrophe (OWASP "CSV injection"). papaparse's own default pattern
// misses values with a line break, so it gets a stricter one.

export const CSV_BOM = "\uFEFF";
const NEWLINE = "\r\n";
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Data lines, each ending in a line break ("" for none). */
export function csvLines(rows: unknown[][]): string {
  if (rows.length === 0) return "";
  return `${Papa.unparse(rows.map((r) => r.map(csvText)), { newline: NEWLINE, escapeFormulae: FORMULA_START, quotes: false })}${NEWLINE}`;
}

/** The header line, with the byte-order mark. */
export function csvHeader(columns: readonly string[]): string {
  return `${CSV_BOM}${csvLines([[...columns]])}`;
}

export function toCsv(columns: readonly string[], rows: unknown[][]): string {
  return csvHeader(columns) + csvLines(rows);
}

/** `<stem>-YYYYMMDD-HHmm.csv`, in UTC. */
export function csvFilename(stem: string, now = new Date()): string {
  const iso = now.toISOString();
  return `${stem}-${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 13)}${iso.slice(14, 16)}.csv`;
}

export function csvHeaders(filename: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  };
}

export function csvResponse(body: string, stem: string): Response {
  return new Response(body, { headers: csvHeaders(csvFilename(stem)) });
}
