import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { redactSecrets } from "@/lib/rules/secrets";
import { exportTexts, sheetCells, sheetHeader, wallClock, type ExportCell, type ExportContext, type ExportSheet, type SheetName } from "@/lib/export/sheet";
import type { ExportWriter } from "@/lib/export/csv";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";
// Excel's limit for one cell's text; a longer one makes the workbook unreadable.
const MAX_CELL_TEXT = 32_767;
// Characters XML 1.0 cannot carry: one of them would make the whole workbook unreadable.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

type XlsxValue = ExcelJS.CellValue;

function text(value: string): XlsxValue {
  return { richText: [{ text: value.replace(NOT_XML, "\uFFFD") }] };
}

// Text cells are typed as strings, which Excel never runs, so no formula guard is needed here; secrets are still redacted.
function xlsxCell(cell: ExportCell, timeZone: string): XlsxValue {
  if (cell === null || cell === undefined || cell === "") return null;
  if (cell instanceof Date) return wallClock(cell, timeZone);
  if (typeof cell === "number") return cell;
  return text(redactSecrets(cell).slice(0, MAX_CELL_TEXT));
}

export function xlsxWriter<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext, out: Writable): ExportWriter<T> {
  // No shared strings: their table would hold every distinct text until the end.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = book.addWorksheet(exportTexts(ctx.locale)[sheet.name].sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  const header = ws.addRow(sheetHeader(sheet, ctx).map(text));
  header.font = { bold: true };
  header.commit();
  return {
    rows(rows) {
      for (const cells of sheetCells(sheet, ctx.locale, rows)) {
        const row = ws.addRow(cells.map((cell) => xlsxCell(cell, ctx.timeZone)));
        cells.forEach((cell, i) => {
          if (cell instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
        });
        row.commit();
      }
    },
    note(line) {
      const row = ws.addRow([text(line)]);
      row.font = { italic: true };
      row.commit();
    },
    async end() {
      ws.commit();
      await book.commit();
    },
  };
}
