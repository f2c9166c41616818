import Papa from "papaparse";
import { classifyOrderId } from "@/lib/erp/transfers/order-ids";
import { RECONCILE_UPLOAD_MAX_BYTES, RECONCILE_UPLOAD_MAX_ROWS } from "@/lib/reconcile/constants";

export type UploadProblem = "too_large" | "too_many_rows" | "no_id_column" | "bad_spreadsheet" | "unsupported_spreadsheet" | "not_text" | "empty";

export interface FoundColumn {
  index: number;
  name: string | null;
}

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

type Cell = string | Date | null;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UNSUPPORTED = /\.(xls|xlsm|xlsb|ods|numbers)$/i;
const CHANNEL_HEADER = /channel|source|kanal|kaynak|marketplace|pazar ?yeri|platform|store|mağaza|magaza/i;
const DATE_HEADER = /date|time|created|tarih|zaman/i;
const ID_HEADER = /order|sipari[sş]/i;

function text(cell: Cell): string {
  if (cell === null) return "";
  return cell instanceof Date ? cell.toISOString() : cell.trim().replace(/^["'\u201c\u201d\u2018\u2019]+|["'\u201c\u201d\u2018\u2019]+$/g, "");
}

export function cellDate(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString();
  const s = text(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  let at: Date | null = null;
  if (iso) {
    const [, y, mo, d, h = "00", mi = "00", sec = "00", zone] = iso;
    at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}${zone ? (zone === "Z" ? "Z" : zone.replace(/(\d{2})(\d{2})$/, "$1:$2")) : "Z"}`);
  } else if (dmy) {
    const [, d, mo, y, h = "0", mi = "0", sec = "0"] = dmy;
    at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)));
    if (at.getUTCDate() !== Number(d) || at.getUTCMonth() !== Number(mo) - 1) at = null;
  }
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

function share(rows: readonly Cell[][], index: number, test: (cell: Cell) => boolean): number {
  let filled = 0;
  let hits = 0;
  for (const row of rows) {
    const cell = row[index] ?? null;
    if (text(cell) === "") continue;
    filled++;
    if (test(cell)) hits++;
  }
  return filled === 0 ? 0 : hits / filled;
}

const isId = (cell: Cell) => !(cell instanceof Date) && classifyOrderId(text(cell)) === null;

/** The order-id, date and channel columns of a sheet's rows, found as the paste finds ids: by what the cells hold, the header breaking ties. */
export function findColumns(all: readonly Cell[][]): { header: string[] | null; body: Cell[][]; columns: ReadUpload["columns"] } | null {
  const rows = all.filter((r) => r.some((c) => text(c) !== ""));
  const first = rows[0];
  if (!first) return null;
  const isHeader = first.some((c) => /\p{L}/u.test(text(c))) && first.every((c) => text(c) === "" || !isId(c));
  const header = isHeader ? first.map(text) : null;
  const body = isHeader ? rows.slice(1) : rows;
  const width = Math.max(...rows.map((r) => r.length));
  const name = (index: number) => header?.[index] || null;
  const named = (index: number, pattern: RegExp) => pattern.test(name(index) ?? "");
  const indexes = Array.from({ length: width }, (_, i) => i);

  const idScores = indexes.map((i) => ({ i, score: share(body, i, isId) })).filter((c) => c.score >= 0.5);
  idScores.sort((a, b) => Number(named(b.i, ID_HEADER)) - Number(named(a.i, ID_HEADER)) || b.score - a.score || a.i - b.i);
  const id = idScores[0]?.i;
  if (id === undefined) return null;
  const date = indexes.find((i) => i !== id && share(body, i, (c) => cellDate(c) !== null) >= 0.5 && (header === null || named(i, DATE_HEADER) || !indexes.some((j) => j !== id && named(j, DATE_HEADER))));
  const channel = header ? indexes.find((i) => i !== id && i !== date && named(i, CHANNEL_HEADER)) : undefined;
  const found = (i: number | undefined) => (i === undefined ? null : { index: i, name: name(i) });
  return { header, body, columns: { id: { index: id, name: name(id) }, date: found(date), channel: found(channel) } };
}

export function readRows(all: readonly Cell[][]): ReadUpload | { problem: UploadProblem } {
  const found = findColumns(all);
  if (!found) return { problem: all.some((r) => r.some((c) => text(c) !== "")) ? "no_id_column" : "empty" };
  const { header, body, columns } = found;
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
    orders.push({ id, orderDate: columns.date ? cellDate(row[columns.date.index] ?? null) : null, source: source || null });
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
export async function readUpload(name: string, bytes: Uint8Array): Promise<ReadUpload | { problem: UploadProblem }> {
  if (bytes.byteLength > RECONCILE_UPLOAD_MAX_BYTES) return { problem: "too_large" };
  const rows = await sheetRows(name, bytes);
  return "problem" in rows ? rows : readRows(rows);
}
