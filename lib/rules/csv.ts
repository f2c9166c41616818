import Papa from "papaparse";

// CSV for spreadsheets, the one writer behind every export: UTF-8 with a byte-order mark (so
// Excel reads Turkish letters), CRLF line ends (RFC 4180), every cell quoted, and text a
// spreadsheet would run as a formula neutralised with an apostrophe (OWASP "CSV injection").
// Quoting alone is not enough: Excel in a locale whose list separator is ";" (Turkish) or a
// reader that ignores quotes splits "203.0.113.7;=1+1" into a second cell starting with "=", so
// every ","- or ";"-separated fragment of a cell is guarded as if it were a cell of its own.

export const CSV_BOM = "\uFEFF";
const NEWLINE = "\r\n";
const FORMULA_START = /^[=+\-@\t\r\n]/;
// A separator, then optional blanks, then a formula character. Linear: no nested quantifiers.
const FORMULA_FRAGMENT = /([,;])(?=[ \t\r\n]*[=+\-@])/g;

export function csvText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A cell's text with a leading apostrophe before the cell and before each fragment a spreadsheet could run. */
export function csvGuard(text: string): string {
  const inner = text.replace(FORMULA_FRAGMENT, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/** Data lines, each ending in a line break ("" for none). */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  if (rows.length === 0) return "";
  const cells = rows.map((r) => r.map((v) => csvGuard(csvText(v))));
  return `${Papa.unparse(cells, { newline: NEWLINE, quotes: true, escapeFormulae: false })}${NEWLINE}`;
}

/** The header line, with the byte-order mark. */
export function csvHeader(columns: readonly string[]): string {
  return `${CSV_BOM}${csvLines([columns])}`;
}

export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
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
