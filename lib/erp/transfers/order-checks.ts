import { classifyOrderId, decodeOrderFile, ORDER_FILE_MAX_BYTES, type FileProblem } from "@/lib/erp/transfers/order-ids";

export type ImplausibleReason = "leading_zero" | "far_longer";

export interface ImplausibleId {
  id: string;
  reason: ImplausibleReason;
}

/** Digits beyond the list's usual length that make an id "far longer than the rest" (a pasted phone or barcode). */
export const FAR_LONGER_DIGITS = 4;

const LINE = /\r\n|\n|\r/;
const CELL = /[\s,;\u00a0\u2007\u202f\ufeff]+/u;
const QUOTED = /^["'\u201c\u201d\u2018\u2019]+|["'\u201c\u201d\u2018\u2019]+$/g;

/** A first line with letters and no order id ("Sipariş No", "order_id"), followed by more lines, is a header: it is left out and named. */
export function skipHeader(text: string): { header: string | null; text: string } {
  const lines = text.split(LINE);
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first < 0) return { header: null, text };
  const line = lines[first]!.replace(/^\ufeff/, "");
  const cells = line.split(CELL).map((c) => c.slice(0, 200).replace(QUOTED, "")).filter(Boolean);
  const hasBody = lines.slice(first + 1).some((l) => l.trim() !== "");
  const isHeader = hasBody && /\p{L}/u.test(line) && cells.every((c) => classifyOrderId(c) !== null);
  if (!isHeader) return { header: null, text };
  return { header: line.trim(), text: lines.slice(first + 1).join("\n") };
}

export function implausibleIds(ids: readonly string[]): ImplausibleId[] {
  const lengths = ids.map((id) => id.length).sort((a, b) => a - b);
  const usual = lengths[Math.floor((lengths.length - 1) / 2)] ?? 0;
  const found: ImplausibleId[] = [];
  for (const id of ids) {
    if (id.startsWith("0")) found.push({ id, reason: "leading_zero" });
    else if (ids.length > 1 && id.length >= usual + FAR_LONGER_DIGITS) found.push({ id, reason: "far_longer" });
  }
  return found;
}

export type OrderFileProblem = FileProblem | "bad_spreadsheet" | "unsupported_spreadsheet";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
// Old Excel and OpenDocument files: no kept reader without open advisories (docs/using.md).
const UNSUPPORTED = /\.(xls|xlsm|xlsb|ods|numbers)$/i;

/** An uploaded order list as text: .xlsx sheets become one line per row, tab between cells; anything else must be UTF-8 text. */
export async function readOrderFile(name: string, bytes: Uint8Array): Promise<{ text: string } | { problem: OrderFileProblem }> {
  if (bytes.byteLength > ORDER_FILE_MAX_BYTES) return { problem: "too_large" };
  if (UNSUPPORTED.test(name)) return { problem: "unsupported_spreadsheet" };
  const zipped = ZIP_MAGIC.every((b, i) => bytes[i] === b);
  if (!zipped && !/\.xlsx$/i.test(name)) return decodeOrderFile(bytes);
  try {
    const { readSheet } = await import("read-excel-file/universal");
    const copy = bytes.slice().buffer;
    // Numbers as the cell's own text, so a long id is not rounded through a float.
    const rows = await readSheet<string>(copy, { parseNumber: (s) => s, trim: true });
    return { text: rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell))).join("\t")).join("\n") };
  } catch {
    return { problem: "bad_spreadsheet" };
  }
}
