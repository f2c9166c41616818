import Papa from "papaparse";
import { redactSecrets } from "@/lib/rules/secrets";

// BOM so Excel reads Turkish letters; formulas neutralised (OWASP CSV injection) after redaction, which may split a secret's form.

export const CSV_BOM = "\uFEFF";
const NEWLINE = "\r\n";
// The fullwidth forms (＝ ＋ － ＠) too: a spreadsheet that folds them to ASCII would run the cell (review 3, I-5).
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
// Each ","/";" fragment is guarded too: Excel in a ";" locale splits "a;=1+1" into a cell starting "=". Linear regex.
const FORMULA_FRAGMENT = /([,;])(?=[ \t\r\n]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

export function csvText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function csvGuard(text: string): string {
  const inner = text.replace(FORMULA_FRAGMENT, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

export type CsvSeparator = "," | ";";

export function csvLines(rows: readonly (readonly unknown[])[], separator: CsvSeparator = ","): string {
  if (rows.length === 0) return "";
  const cells = rows.map((r) => r.map((v) => csvGuard(redactSecrets(csvText(v)))));
  return `${Papa.unparse(cells, { delimiter: separator, newline: NEWLINE, quotes: true, escapeFormulae: false })}${NEWLINE}`;
}

export function csvHeader(columns: readonly string[], separator: CsvSeparator = ","): string {
  return `${CSV_BOM}${csvLines([columns], separator)}`;
}

export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[], separator: CsvSeparator = ","): string {
  return csvHeader(columns, separator) + csvLines(rows, separator);
}
