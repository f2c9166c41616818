import type { Locale } from "@/lib/i18n/config";
import type en from "@/lib/i18n/messages/en/exports.json";
import { messagesFor } from "@/lib/i18n/messages";
import type { ExportFormat } from "@/lib/export/format";
import { catalogTranslator, type CatalogTranslator } from "@/lib/i18n/catalog-translator";
import { zoneLabel } from "@/lib/i18n/datetime";

export type ExportTexts = (typeof en)["exports"];
type Texts = ExportTexts;
export type SheetName = "warehouses" | "activity" | "transfer" | "reconciliation";
type ColumnKey<N extends SheetName> = keyof Texts[N]["columns"] & string;

export type ExportCell = string | number | Date | null | undefined;

export interface ExportColumn<T, N extends SheetName> {
  key: ColumnKey<N>;
  value: (row: T, texts: ExportTexts, t: CatalogTranslator) => ExportCell;
}

/** What a route states: which catalog texts it uses and how each column reads a row. */
export interface ExportSheet<T, N extends SheetName = SheetName> {
  name: N;
  columns: readonly ExportColumn<T, N>[];
}

/** Who reads the file: the member's language picks headers and separator, the account's zone the times. */
export interface ExportContext {
  locale: Locale;
  timeZone: string;
  now: Date;
}

export function exportTexts(locale: Locale): Texts {
  return messagesFor(locale).exports as Texts;
}

export function sheetCells<T, N extends SheetName>(sheet: ExportSheet<T, N>, locale: Locale, rows: readonly T[]): ExportCell[][] {
  const texts = exportTexts(locale);
  const t = catalogTranslator(locale, "UTC");
  return rows.map((row) => sheet.columns.map((c) => c.value(row, texts, t)));
}

export function sheetHeader<T, N extends SheetName>(sheet: ExportSheet<T, N>, ctx: ExportContext): string[] {
  const columns = exportTexts(ctx.locale)[sheet.name].columns as Record<string, string>;
  const zone = zoneLabel(ctx.now, ctx.locale, ctx.timeZone);
  return sheet.columns.map((c) => (columns[c.key] ?? c.key).replace("{zone}", zone));
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The instant as the zone's wall clock, carried in a Date's UTC fields (a spreadsheet date has no zone). */
export function wallClock(at: Date, timeZone: string): Date {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    clocks.set(timeZone, clock);
  }
  const p = Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!));
}

/** "2026-11-26 09:30:00": a form Excel reads as a date in either language. */
export function dateText(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).toISOString().slice(0, 19).replace("T", " ");
}

export function exportFilename(ctx: ExportContext, stem: string, ext: ExportFormat): string {
  const stamp = wallClock(ctx.now, ctx.timeZone).toISOString();
  return `${stem}-${stamp.slice(0, 10)}-${stamp.slice(11, 13)}${stamp.slice(14, 16)}.${ext}`;
}

const RFC5987_EXTRA = /['()*]/g;

/** RFC 6266: an ASCII name for old clients, filename* (RFC 5987) for the Turkish one. */
export function attachment(filename: string): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ı/g, "i")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(RFC5987_EXTRA, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
