import { getLocale, getTimeZone } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { exportCsvHeader, exportCsvLines } from "@/lib/export/csv";
import type { ExportFormat } from "@/lib/export/format";
import { attachment, exportFilename, exportTexts, type ExportContext, type ExportSheet, type SheetName } from "@/lib/export/sheet";
import { exportXlsx, XLSX_TYPE } from "@/lib/export/xlsx";

export async function exportContext(now = new Date()): Promise<ExportContext> {
  const locale = await getLocale();
  return { locale: isLocale(locale) ? locale : DEFAULT_LOCALE, timeZone: (await getTimeZone()) ?? "UTC", now };
}

export interface ExportFile<T, N extends SheetName> {
  sheet: ExportSheet<T, N>;
  format: ExportFormat;
  /** Words between the catalog's file stem and the time stamp, e.g. a run's id. */
  nameParts?: readonly string[];
  onError?: (error: unknown) => void;
}

function headers<T, N extends SheetName>(ctx: ExportContext, file: ExportFile<T, N>, type: string): HeadersInit {
  const stem = [exportTexts(ctx.locale)[file.sheet.name].file, ...(file.nameParts ?? [])].join("-");
  return { "Content-Type": type, "Content-Disposition": attachment(exportFilename(ctx, stem, file.format)), "Cache-Control": "no-store" };
}

async function collect<T>(chunks: AsyncIterator<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) rows.push(...next.value);
  return rows;
}

// The first chunk is read before answering: a store that is down is an error, not a broken file.
export async function exportResponse<T, N extends SheetName>(ctx: ExportContext, file: ExportFile<T, N>, chunks: AsyncIterator<T[]>): Promise<Response> {
  if (file.format === "xlsx") {
    const body = await exportXlsx(file.sheet, ctx, await collect(chunks));
    return new Response(new Uint8Array(body), { headers: headers(ctx, file, XLSX_TYPE) });
  }
  const first = await chunks.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(exportCsvHeader(file.sheet, ctx) + (first.done ? "" : exportCsvLines(file.sheet, ctx, first.value))));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(exportCsvLines(file.sheet, ctx, next.value)));
      } catch (error) {
        file.onError?.(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return new Response(body, { headers: headers(ctx, file, "text/csv; charset=utf-8") });
}

/** Rows already in memory, as the chunks exportResponse reads. */
export async function* inOneChunk<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}
