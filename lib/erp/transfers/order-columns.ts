import { classifyOrderId } from "@/lib/erp/transfers/order-ids";
import { readChannel } from "@/lib/rules/channel";
import { wallTimeInZone } from "@/lib/rules/time-zone";

// The order-id, date, channel and package columns of rows from a sheet, an export or a pasted block; no parser library, so the browser takes it.

export type Cell = string | Date | null;

export interface FoundColumn {
  index: number;
  name: string | null;
}

export interface FoundColumns {
  id: FoundColumn;
  date: FoundColumn | null;
  channel: FoundColumn | null;
  package: FoundColumn | null;
}

const CHANNEL_HEADER = /channel|source|kanal|kaynak|marketplace|pazar ?yeri|platform|store|mağaza|magaza/i;
const DATE_HEADER = /date|time|created|tarih|zaman/i;
const ID_HEADER = /order|sipari[sş]/i;
const PACKAGE_HEADER = /package|parcel|shipment|paket|koli|gönderi|gonderi/i;

export function cellText(cell: Cell): string {
  if (cell === null) return "";
  return cell instanceof Date ? cell.toISOString() : cell.trim().replace(/^["'\u201c\u201d\u2018\u2019]+|["'\u201c\u201d\u2018\u2019]+$/g, "");
}

/** A cell's instant; a date or time without a zone (and a spreadsheet's date cell) is a wall time in `timeZone`. */
export function cellDate(cell: Cell, timeZone = "UTC"): string | null {
  const wall = (y: number, mo: number, d: number, h: number, mi: number, sec: number) => {
    const at = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
    if (Number.isNaN(at.getTime()) || at.getUTCDate() !== d || at.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || sec > 59) return null;
    const day = at.toISOString().slice(0, 10);
    return new Date(wallTimeInZone(day, `${h}:${mi}`, timeZone).getTime() + sec * 1000);
  };
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    const c = cell;
    return wall(c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate(), c.getUTCHours(), c.getUTCMinutes(), c.getUTCSeconds())?.toISOString() ?? null;
  }
  const s = cellText(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  let at: Date | null = null;
  if (iso) {
    const [, y, mo, d, h = "00", mi = "00", sec = "00", zone] = iso;
    at = zone
      ? new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}${zone === "Z" ? "Z" : zone.replace(/(\d{2})(\d{2})$/, "$1:$2")}`)
      : wall(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(sec));
  } else if (dmy) {
    const [, d, mo, y, h = "0", mi = "0", sec = "0"] = dmy;
    at = wall(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(sec));
  }
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

function share(rows: readonly Cell[][], index: number, test: (cell: Cell) => boolean): number {
  let filled = 0;
  let hits = 0;
  for (const row of rows) {
    const cell = row[index] ?? null;
    if (cellText(cell) === "") continue;
    filled++;
    if (test(cell)) hits++;
  }
  return filled === 0 ? 0 : hits / filled;
}

export const isIdCell = (cell: Cell) => !(cell instanceof Date) && classifyOrderId(cellText(cell)) === null;
const isChannelCell = (cell: Cell) => /\p{L}/u.test(cellText(cell)) && readChannel(cellText(cell)) !== null && cellDate(cell) === null;

/** The columns of a sheet's rows, found as the paste finds ids: by what the cells hold, the header breaking ties; without a header, a column of names is the channel. */
export function findColumns(all: readonly Cell[][]): { header: string[] | null; body: Cell[][]; columns: FoundColumns } | null {
  const rows = all.filter((r) => r.some((c) => cellText(c) !== ""));
  const first = rows[0];
  if (!first) return null;
  const isHeader = first.some((c) => /\p{L}/u.test(cellText(c))) && first.every((c) => cellText(c) === "" || !isIdCell(c));
  const header = isHeader ? first.map(cellText) : null;
  const body = isHeader ? rows.slice(1) : rows;
  const width = Math.max(...rows.map((r) => r.length));
  const name = (index: number) => header?.[index] || null;
  const named = (index: number, pattern: RegExp) => pattern.test(name(index) ?? "");
  const indexes = Array.from({ length: width }, (_, i) => i);

  const idScores = indexes.map((i) => ({ i, score: share(body, i, isIdCell) })).filter((c) => c.score >= 0.5 && (named(c.i, ID_HEADER) || !named(c.i, PACKAGE_HEADER)));
  idScores.sort((a, b) => Number(named(b.i, ID_HEADER)) - Number(named(a.i, ID_HEADER)) || b.score - a.score || a.i - b.i);
  const id = idScores[0]?.i;
  if (id === undefined) return null;
  const date = indexes.find((i) => i !== id && share(body, i, (c) => cellDate(c) !== null) >= 0.5 && (header === null || named(i, DATE_HEADER) || !indexes.some((j) => j !== id && named(j, DATE_HEADER))));
  const pkg = header ? indexes.find((i) => i !== id && i !== date && named(i, PACKAGE_HEADER) && !named(i, ID_HEADER)) : undefined;
  const channel = header
    ? indexes.find((i) => i !== id && i !== date && i !== pkg && named(i, CHANNEL_HEADER))
    : indexes.find((i) => i !== id && i !== date && share(body, i, isChannelCell) >= 0.5);
  const found = (i: number | undefined) => (i === undefined ? null : { index: i, name: name(i) });
  return { header, body, columns: { id: { index: id, name: name(id) }, date: found(date), channel: found(channel), package: found(pkg) } };
}
