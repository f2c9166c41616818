import { cellDate, cellText, findColumns, isIdCell, type FoundColumns } from "@/lib/erp/transfers/order-columns";
import { classifyOrderId } from "@/lib/erp/transfers/order-ids";
import { PACKAGE_PATTERN, readChannel } from "@/lib/rules/channel";

// A block pasted from a spreadsheet: the order id column and, when recognised, channel, order date and package id beside it.

export type PastedColumn = "channel" | "date" | "package";
export type CellReason = "channel" | "date" | "future" | "package";

export interface CellProblem {
  line: number;
  column: PastedColumn;
  name: string | null;
  number: number;
  value: string;
  reason: CellReason;
}

export interface PastedOrder {
  id: string;
  source?: string;
  orderDate?: string;
  packageId?: string;
}

export interface PastedColumns {
  columns: FoundColumns;
  /** The id column alone, one id a line: read as a plain paste is (duplicates, malformed ids, typos). */
  idText: string;
  orders: PastedOrder[];
  problems: CellProblem[];
}

const CLOCK_SKEW_MS = 5 * 60_000;
const DELIMITERS = ["\t", ";", ","] as const;

function delimiterOf(lines: readonly string[]): string | null {
  const first = lines.find((l) => l.trim() !== "") ?? "";
  const counts = DELIMITERS.map((d) => ({ d, n: first.split(d).length - 1 })).filter((c) => c.n > 0);
  counts.sort((a, b) => b.n - a.n);
  return counts[0]?.d ?? null;
}

/** The block's columns, or null when it is a plain list of ids (no channel, date or package column recognised): that is read as before. */
export function readPastedColumns(text: string, now = Date.now(), timeZone = "UTC"): PastedColumns | null {
  const lines = text.replace(/^\ufeff/, "").split(/\r?\n/);
  const delimiter = delimiterOf(lines);
  if (!delimiter) return null;
  const rows = lines.map((l, i) => ({ line: i + 1, cells: l.split(delimiter) })).filter((r) => r.cells.some((c) => cellText(c) !== ""));
  const found = findColumns(rows.map((r) => r.cells));
  if (!found) return null;
  const { columns, header } = found;
  if (!columns.date && !columns.channel && !columns.package) return null;
  const body = header ? rows.slice(1) : rows;
  // Without a header, a row with two ids is a list of ids, not a table of orders.
  if (!header && body.some((r) => r.cells.filter(isIdCell).length > 1)) return null;

  const orders: PastedOrder[] = [];
  const problems: CellProblem[] = [];
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const { line, cells } of body) {
    const at = (column: PastedColumn) => {
      const found = columns[column];
      return found ? cellText(cells[found.index] ?? null) : "";
    };
    const refuse = (column: PastedColumn, reason: CellReason, value: string) => problems.push({ line, column, name: columns[column]!.name, number: columns[column]!.index + 1, value, reason });
    const order: Omit<PastedOrder, "id"> = {};
    const source = at("channel");
    if (source) {
      const channel = readChannel(source);
      if (channel) order.source = channel;
      else refuse("channel", "channel", source);
    }
    const date = at("date");
    if (date) {
      const iso = cellDate(date, timeZone);
      if (!iso) refuse("date", "date", date);
      else if (Date.parse(iso) > now + CLOCK_SKEW_MS) refuse("date", "future", iso);
      else order.orderDate = iso;
    }
    const pkg = at("package");
    if (pkg) {
      if (PACKAGE_PATTERN.test(pkg)) order.packageId = pkg;
      else refuse("package", "package", pkg);
    }
    const id = cellText(cells[columns.id.index] ?? null);
    ids.push(id);
    if (classifyOrderId(id) !== null || seen.has(id)) continue;
    seen.add(id);
    if (Object.keys(order).length > 0) orders.push({ id, ...order });
  }
  return { columns, idText: ids.join("\n"), orders, problems };
}
