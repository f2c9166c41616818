import Papa from "papaparse";
import { cellDate, cellText as text, findColumns, isIdCell as isId, type Cell, type FoundColumn } from "@/lib/erp/transfers/order-columns";
import { RECONCILE_UPLOAD_MAX_BYTES, RECONCILE_UPLOAD_MAX_ROWS } from "@/lib/reconcile/constants";

export type UploadProblem = "too_large" | "too_many_rows" | "no_id_column" | "bad_spreadsheet" | "unsupported_spreadsheet" | "not_text" | "empty";

export interface UploadOrder {
  id: string;
  orderDate: string | null;
  source: string | null;
}

export interface ReadUpload {
  rows: number;
  header: string[] | null;
  columns: { id: FoundColumn; date: FoundColumn | null; channel: FoundColumn | null };
  orders: UploadOrder[];
  invalidRows: number;
  duplicates: number;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UNSUPPORTED = /\.(xls|xlsm|xlsb|ods|numbers)$/i;

/** `timeZone`: the account's, for dates without a zone. */
export function readRows(all: readonly Cell[][], timeZone = "UTC"): ReadUpload | { problem: UploadProblem } {
  const found = findColumns(all);
  if (!found) return { problem: all.some((r) => r.some((c) => text(c) !== "")) ? "no_id_column" : "empty" };
  const { header, body } = found;
  const columns = { id: found.columns.id, date: found.columns.date, channel: found.columns.channel };
  if (body.length > RECONCILE_UPLOAD_MAX_ROWS) return { problem: "too_many_rows" };
  const seen = new Set<string>();
  const orders: UploadOrder[] = [];
  let invalidRows = 0;
  let duplicates = 0;
  for (const row of body) {
    const id = text(row[columns.id.index] ?? null);
    if (!isId(id)) {
      invalidRows++;
      continue;
    }
    if (seen.has(id)) {
      duplicates++;
      continue;
    }
    seen.add(id);
    const source = columns.channel ? text(row[columns.channel.index] ?? null).slice(0, 40) : "";
    orders.push({ id, orderDate: columns.date ? cellDate(row[columns.date.index] ?? null, timeZone) : null, source: source || null });
  }
  return { rows: body.length, header, columns, orders, invalidRows, duplicates };
}

async function sheetRows(name: string, bytes: Uint8Array): Promise<Cell[][] | { problem: UploadProblem }> {
  if (UNSUPPORTED.test(name)) return { problem: "unsupported_spreadsheet" };
  const zipped = ZIP_MAGIC.every((b, i) => bytes[i] === b);
  if (zipped || /\.xlsx$/i.test(name)) {
    try {
      const { readSheet } = await import("read-excel-file/universal");
      // Numbers as the cell's own text, so a long id is not rounded through a float.
      return (await readSheet<string>(Uint8Array.from(bytes).buffer, { parseNumber: (s) => s, trim: true })) as Cell[][];
    } catch {
      return { problem: "bad_spreadsheet" };
    }
  }
  if (bytes.includes(0)) return { problem: "not_text" };
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\ufeff/, "");
  } catch {
    return { problem: "not_text" };
  }
  const parsed = Papa.parse<string[]>(decoded, { skipEmptyLines: "greedy", delimitersToGuess: [",", ";", "\t", "|"] });
  return parsed.data;
}

/** An uploaded export (.xlsx or CSV) as orders, or the reason it is refused; refused before a row is read when over the size limit. */
export async function readUpload(name: string, bytes: Uint8Array, timeZone = "UTC"): Promise<ReadUpload | { problem: UploadProblem }> {
  if (bytes.byteLength > RECONCILE_UPLOAD_MAX_BYTES) return { problem: "too_large" };
  const rows = await sheetRows(name, bytes);
  return "problem" in rows ? rows : readRows(rows, timeZone);
}
