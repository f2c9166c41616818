import { PassThrough, type Writable } from "node:stream";
import { getLocale, getTimeZone } from "next-intl/server";
import { getConfig } from "@/lib/config";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { csvWriter, type ExportWriter } from "@/lib/export/csv";
import type { ExportFormat } from "@/lib/export/format";
import { takeExportSlot } from "@/lib/export/limits";
import { attachment, exportFilename, exportTexts, type ExportContext, type ExportSheet, type SheetName } from "@/lib/export/sheet";
import { XLSX_TYPE, xlsxWriter } from "@/lib/export/xlsx";

export async function exportContext(now = new Date()): Promise<ExportContext> {
  const locale = await getLocale();
  return { locale: isLocale(locale) ? locale : DEFAULT_LOCALE, timeZone: (await getTimeZone()) ?? "UTC", now };
}

export interface ExportFile<T, N extends SheetName> {
  sheet: ExportSheet<T, N>;
  format: ExportFormat;
  member: number;
  /** Words between the catalog's file stem and the time stamp, e.g. a run's id. */
  nameParts?: readonly string[];
  maxRows?: number;
  onError?: (error: unknown) => void;
}

const BUFFER_BYTES = 64 * 1024;

function headers<T, N extends SheetName>(ctx: ExportContext, file: ExportFile<T, N>, type: string): HeadersInit {
  const stem = [exportTexts(ctx.locale)[file.sheet.name].file, ...(file.nameParts ?? [])].join("-");
  return { "Content-Type": type, "Content-Disposition": attachment(exportFilename(ctx, stem, file.format)), "Cache-Control": "no-store" };
}

export function cappedText(ctx: ExportContext, maxRows: number): string {
  return exportTexts(ctx.locale).capped.replace("{max}", new Intl.NumberFormat(ctx.locale).format(maxRows));
}

const closed = (out: Writable) =>
  new Promise<void>((resolve) => {
    if (out.closed || out.destroyed) resolve();
    else out.once("close", resolve);
  });

function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

// A turn of the event loop between chunks: other requests are answered while a long export runs.
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Rows written between two turns: a chunk read whole (the warehouse list) is still written in slices.
const SLICE = 50;

async function pump<T>(writer: ExportWriter<T>, out: PassThrough, first: IteratorResult<T[]>, chunks: AsyncIterator<T[]>, maxRows: number, capped: string): Promise<void> {
  let written = 0;
  let cut = false;
  read: for (let next = first; !next.done; next = await chunks.next()) {
    for (let at = 0; at < next.value.length; at += SLICE) {
      if (out.destroyed) return;
      if (written === maxRows) {
        cut = true;
        break read;
      }
      const rows = next.value.slice(at, at + Math.min(SLICE, maxRows - written));
      writer.rows(rows);
      written += rows.length;
      if (rows.length < Math.min(SLICE, next.value.length - at)) {
        cut = true;
        break read;
      }
      await drained(out);
      await turn();
    }
  }
  if (cut) writer.note(capped);
  await Promise.race([writer.end(), closed(out)]);
}

function webBody(out: PassThrough): ReadableStream<Uint8Array> {
  const ready = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        for (const event of ["readable", "end", "close"]) out.off(event, done);
        resolve();
      };
      for (const event of ["readable", "end", "close"]) out.once(event, done);
    });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      out.once("end", () => {
        if (!out.destroyed) controller.close();
      });
      out.once("error", (error) => controller.error(error));
    },
    async pull(controller) {
      for (;;) {
        const chunk = out.read() as Buffer | null;
        if (chunk !== null) return controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if (out.readableEnded || out.destroyed) return;
        await ready();
      }
    },
    cancel() {
      out.destroy();
    },
  });
}

// The first chunk is read before answering: a store that is down is an error, not a broken file.
export async function exportResponse<T, N extends SheetName>(ctx: ExportContext, file: ExportFile<T, N>, chunks: AsyncIterator<T[]>): Promise<Response> {
  const maxRows = file.maxRows ?? getConfig().exports.maxRows;
  const release = takeExportSlot(file.member);
  let first: IteratorResult<T[]>;
  try {
    first = await chunks.next();
  } catch (error) {
    release();
    throw error;
  }
  const out = new PassThrough({ highWaterMark: BUFFER_BYTES });
  const writer = file.format === "xlsx" ? xlsxWriter(file.sheet, ctx, out) : csvWriter(file.sheet, ctx, out);
  void pump(writer, out, first, chunks, maxRows, cappedText(ctx, maxRows))
    .catch((error: unknown) => {
      file.onError?.(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(async () => {
      release();
      await chunks.return?.(undefined)?.catch(() => undefined);
    });
  return new Response(webBody(out), { headers: headers(ctx, file, file.format === "xlsx" ? XLSX_TYPE : "text/csv; charset=utf-8") });
}

/** Rows already in memory, as the chunks exportResponse reads. */
export async function* inOneChunk<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}
