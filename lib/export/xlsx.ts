import writeXlsxFile, { type Cell } from "write-excel-file/node";
import { redactSecrets } from "@/lib/rules/secrets";
import { exportTexts, sheetCells, sheetHeader, wallClock, type ExportCell, type ExportContext, type ExportSheet, type SheetName } from "@/lib/export/sheet";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";
// Excel's limit for one cell's text; a longer one makes the workbook unreadable.
const MAX_CELL_TEXT = 32_767;

// Text cells are typed as strings, which Excel never runs, so no formula guard is needed here; secrets are still redacted.
function xlsxCell(cell: ExportCell, timeZone: string): Cell {
  if (cell === null || cell === undefined || cell === "") return null;
  if (cell instanceof Date) return { type: Date, value: wallClock(cell, timeZone), format: DATE_FORMAT };
  if (typeof cell === "number") return { type: Number, value: cell };
  return { type: String, value: redactSecrets(cell).slice(0, MAX_CELL_TEXT) };
}

export async function exportXlsx<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext, rows: readonly T[]): Promise<Buffer> {
  const header: Cell[] = sheetHeader(sheet, ctx.locale).map((value) => ({ value, fontWeight: "bold" }));
  const body = sheetCells(sheet, ctx.locale, rows).map((cells) => cells.map((cell) => xlsxCell(cell, ctx.timeZone)));
  return writeXlsxFile([header, ...body], { sheet: exportTexts(ctx.locale)[sheet.name].sheet, stickyRowsCount: 1 }).toBuffer();
}
