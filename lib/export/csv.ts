import type { Writable } from "node:stream";
import type { Locale } from "@/lib/i18n/config";
import { CSV_BOM, csvLines, type CsvSeparator } from "@/lib/rules/csv";
import { dateText, sheetCells, sheetHeader, type ExportCell, type ExportContext, type ExportSheet, type SheetName } from "@/lib/export/sheet";

// Excel splits a CSV on the list separator of the reader's regional settings: ";" in Turkish, "," in English.
export const LIST_SEPARATOR: Record<Locale, CsvSeparator> = { en: ",", tr: ";" };

export function cellText(cell: ExportCell, timeZone: string): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return dateText(cell, timeZone);
  return String(cell);
}

export function exportCsvHeader<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext): string {
  return `${CSV_BOM}${csvLines([sheetHeader(sheet, ctx)], LIST_SEPARATOR[ctx.locale])}`;
}

export function exportCsvLines<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext, rows: readonly T[]): string {
  return csvLines(
    sheetCells(sheet, ctx.locale, rows).map((cells) => cells.map((cell) => cellText(cell, ctx.timeZone))),
    LIST_SEPARATOR[ctx.locale],
  );
}

export function exportCsv<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext, rows: readonly T[]): string {
  return exportCsvHeader(sheet, ctx) + exportCsvLines(sheet, ctx, rows);
}

export interface ExportWriter<T> {
  rows(rows: readonly T[]): void;
  note(text: string): void;
  end(): Promise<void>;
}

export function csvWriter<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext, out: Writable): ExportWriter<T> {
  out.write(exportCsvHeader(sheet, ctx));
  return {
    rows(rows) {
      if (rows.length) out.write(exportCsvLines(sheet, ctx, rows));
    },
    note(text) {
      out.write(csvLines([[text]], LIST_SEPARATOR[ctx.locale]));
    },
    async end() {
      out.end();
    },
  };
}
