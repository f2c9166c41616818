import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import readXlsxFile from "read-excel-file/node";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIVITY_SHEET, readableRows, type ReadableAudit } from "@/lib/activity/csv";
import { NO_NAMES } from "@/lib/activity/readable";
import type { AuditRecord } from "@/lib/activity/schemas";
import { transferSheet } from "@/lib/erp/transfers/csv";
import { exportCsv, LIST_SEPARATOR } from "@/lib/export/csv";
import { attachment, exportFilename, sheetHeader, type ExportContext } from "@/lib/export/sheet";
import { EXPORT_RETRY_SECONDS, EXPORTS_PER_INSTANCE, EXPORTS_PER_MEMBER, runningExports, takeExportSlot } from "@/lib/export/limits";
import { cappedText, exportResponse, inOneChunk, type ExportFile } from "@/lib/export/response";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { CSV_BOM, csvGuard } from "@/lib/rules/csv";
import { DomainError } from "@/lib/rules/problems";
import { processRedactor } from "@/lib/rules/secrets";
import { WAREHOUSE_SHEET } from "@/lib/warehouses/export";
import type { Warehouse } from "@/lib/warehouses/schemas";

const at = (locale: Locale): ExportContext => ({ locale, timeZone: "Europe/Istanbul", now: new Date("2026-11-26T06:30:00Z") });
const TR = at("tr");
const EN = at("en");

const warehouses: Warehouse[] = [
  { id: 2, name: "İSTANBUL Şube; Çağlayan", code: "IST01", erpWarehouseId: "0042", isDefault: true, isActive: true },
  { id: 7, name: "=HYPERLINK(\"http://x\")", code: "@SUM(A1)", erpWarehouseId: null, isDefault: false, isActive: false },
];

const record = (over: Partial<AuditRecord> = {}): ReadableAudit => readableRows([auditRecord(over)], NO_NAMES, "en", "UTC")[0]!;
const auditRecord = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  id: 1,
  at: "2026-11-26T06:30:05.000Z",
  actorId: 1,
  actorEmail: "admin@demo.local",
  action: "warehouse.update",
  targetType: "warehouse",
  targetId: "12",
  outcome: "success",
  message: "+1 ; -2",
  before: { name: "Depo A" },
  after: { name: "+1 ; -2" },
  details: null,
  requestId: "req-1",
  ip: "203.0.113.7;=1+1",
  ...over,
});

const readCsv = (csv: string, locale: Locale) => Papa.parse<string[]>(csv.slice(CSV_BOM.length), { delimiter: LIST_SEPARATOR[locale], skipEmptyLines: true }).data;

type AnySheet = ExportFile<unknown, never>["sheet"];

/** The whole answer of exportResponse, as the browser would save it. */
async function exported(format: "csv" | "xlsx", sheet: unknown, ctx: ExportContext, chunks: AsyncIterator<unknown[]>, maxRows = 100_000): Promise<Buffer> {
  const res = await exportResponse(ctx, { sheet: sheet as AnySheet, format, member: 1, maxRows }, chunks);
  return Buffer.from(await res.arrayBuffer());
}

const exportXlsx = (sheet: unknown, ctx: ExportContext, rows: readonly unknown[]) => exported("xlsx", sheet, ctx, inOneChunk([...rows]));

/** A workbook cell as the CSV writes it: dates in the same form, text under the same formula guard. */
function asCsvText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace("T", " ");
  return typeof cell === "string" ? csvGuard(cell) : String(cell);
}

describe("CSV in the member's language", () => {
  it("Turkish: ; between cells, Turkish headers from the catalog, a UTF-8 BOM", () => {
    const csv = exportCsv(WAREHOUSE_SHEET, TR, warehouses);
    expect([...Buffer.from(csv, "utf8").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.slice(1).split("\r\n")[0]).toBe('"No";"Ad";"Kod";"ERP depo no";"Varsayılan";"Durum"');
    const catalog = (messagesFor("tr").exports as { warehouses: { columns: Record<string, string> } }).warehouses.columns;
    expect(readCsv(csv, "tr")[0]).toEqual(WAREHOUSE_SHEET.columns.map((c) => catalog[c.key]));
    expect(readCsv(csv, "tr")[1]).toEqual(["2", "İSTANBUL Şube; Çağlayan", "IST01", "0042", "evet", "aktif"]);
  });

  it("English: , between cells and English headers", () => {
    const csv = exportCsv(WAREHOUSE_SHEET, EN, warehouses);
    expect(csv.slice(1).split("\r\n")[0]).toBe('"ID","Name","Code","ERP warehouse ID","Default","Status"');
    expect(readCsv(csv, "en")[1]).toEqual(["2", "İSTANBUL Şube; Çağlayan", "IST01", "0042", "yes", "active"]);
  });

  it("keeps formulas neutral in either language, inside a cell after a ; too", () => {
    for (const ctx of [TR, EN]) {
      const wh = readCsv(exportCsv(WAREHOUSE_SHEET, ctx, warehouses), ctx.locale)[2]!;
      expect(wh.slice(1, 3)).toEqual(["'=HYPERLINK(\"http://x\")", "'@SUM(A1)"]);
      const trail = readCsv(exportCsv(ACTIVITY_SHEET, ctx, [record()]), ctx.locale)[1]!;
      expect(trail[4]).toBe("'+1 ;' -2");
      expect(trail[13]).toBe("203.0.113.7;'=1+1");
    }
  });

  it("writes times in the account's zone", () => {
    expect(readCsv(exportCsv(ACTIVITY_SHEET, TR, [record()]), "tr")[1]![0]).toBe("2026-11-26 09:30:05");
    expect(readCsv(exportCsv(ACTIVITY_SHEET, { ...TR, timeZone: "UTC" }, [record()]), "tr")[1]![0]).toBe("2026-11-26 06:30:05");
  });
});

describe(".xlsx twin", () => {
  const hostile = transferSheet((r) => `Platform: ${r.reason ?? ""}`);
  const orders = [
    { position: 1, orderId: "0042", batch: 1, outcome: "not_transferred" as const, reason: "=cmd|' /C calc'!A0", reasonCode: "E1", meaning: "rejected" as const },
    { position: 2, orderId: "3572000", batch: 2, outcome: "transferred" as const, reason: null, reasonCode: null, meaning: "transferred" as const },
  ];
  const cases = [
    { name: "warehouses", sheet: WAREHOUSE_SHEET, rows: warehouses },
    { name: "activity", sheet: ACTIVITY_SHEET, rows: [record(), record({ id: 2, actorEmail: null, before: null, message: null })] },
    { name: "a run's orders", sheet: hostile, rows: orders },
  ] as const;

  for (const locale of ["tr", "en"] as const) {
    for (const c of cases) {
      it(`${c.name} (${locale}): read back with read-excel-file, the same rows and columns as the CSV`, async () => {
        const ctx = at(locale);
        const csv = readCsv(exportCsv(c.sheet as never, ctx, c.rows as never), locale);
        const [sheet] = await readXlsxFile(await exportXlsx(c.sheet as never, ctx, c.rows as never), { trim: false });
        expect(sheet!.data.map((row) => row.map(asCsvText))).toEqual(csv);
        expect(sheet!.sheet).toBe((messagesFor(locale).exports as Record<string, { sheet: string }>)[c.sheet.name]!.sheet);
      });
    }
  }

  it("types its cells: numbers as numbers, ids with zeros as text, times as dates in the account's zone", async () => {
    const [wh] = await readXlsxFile(await exportXlsx(WAREHOUSE_SHEET, TR, warehouses));
    expect(wh!.data[1]).toEqual([2, "İSTANBUL Şube; Çağlayan", "IST01", "0042", "evet", "aktif"]);
    expect(wh!.data[2]).toEqual([7, "=HYPERLINK(\"http://x\")", "@SUM(A1)", null, "hayır", "pasif"]);
    const [trail] = await readXlsxFile(await exportXlsx(ACTIVITY_SHEET, TR, [record()]));
    const time = trail!.data[1]![0];
    expect(time).toBeInstanceOf(Date);
    expect(time instanceof Date ? time.toISOString() : time).toBe("2026-11-26T09:30:05.000Z");
  });

  it("makes the header row bold and keeps it in view, and writes formula-looking text as typed text, never as a formula", async () => {
    const file = await exportXlsx(WAREHOUSE_SHEET, TR, warehouses);
    const sheetXml = strFromU8(unzipSync(new Uint8Array(file))["xl/worksheets/sheet1.xml"]!);
    expect(sheetXml).not.toContain("<f>");
    // Inline strings only: no t="str" (a formula's cached result) and no shared-string table to hold every text.
    expect(sheetXml).not.toContain('t="str"');
    expect(sheetXml).toContain('<c r="B3" t="inlineStr"><is><r><t>=HYPERLINK(&quot;http://x&quot;)</t></r></is></c>');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    const ws = book.worksheets[0]!;
    expect(ws.name).toBe("Depolar");
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(1).getCell(6).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(2).font?.bold).toBeFalsy();
    expect(ws.getRow(3).getCell(2).formula).toBeUndefined();
  });

  it("holds no registered secret", async () => {
    const secret = "xlsx-test/secret;+=4d1f";
    processRedactor().add(secret);
    const [trail] = await readXlsxFile(await exportXlsx(ACTIVITY_SHEET, EN, [record({ message: `refused: ${secret}`, before: { token: secret } })]));
    const text = JSON.stringify(trail!.data);
    expect(text).not.toContain(secret);
    expect(text).toContain("[redacted]");
  });
});

describe("file names", () => {
  it("carry the export's time in the account's zone and the language's stem", () => {
    expect(exportFilename(TR, "depolar", "xlsx")).toBe("depolar-2026-11-26-0930.xlsx");
    expect(exportFilename(EN, "warehouses", "csv")).toBe("warehouses-2026-11-26-0930.csv");
    expect(exportFilename({ ...EN, timeZone: "UTC" }, "warehouses", "csv")).toBe("warehouses-2026-11-26-0630.csv");
  });

  it("say a Turkish name with filename* (RFC 5987) and an ASCII fallback", () => {
    expect(attachment("erp-aktarım-İŞ'(1).csv")).toBe(`attachment; filename="erp-aktarim-IS'(1).csv"; filename*=UTF-8''erp-aktar%C4%B1m-%C4%B0%C5%9E%27%281%29.csv`);
    expect(attachment('a"b\\c.csv')).toBe(`attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`);
  });

  it("every sheet's header and stem comes from both catalogs", () => {
    for (const sheet of [WAREHOUSE_SHEET, ACTIVITY_SHEET, hostileSheet()]) {
      const en = sheetHeader(sheet as never, EN);
      const tr = sheetHeader(sheet as never, TR);
      expect(tr).not.toEqual(en);
      expect(en.some((h, i) => h === (sheet.columns[i]?.key as string))).toBe(false);
    }
  });
});

function hostileSheet() {
  return transferSheet(() => "");
}

/** Activity rows in chunks of 500, as the trail's export reads them; before the last chunk it waits for `gate`. */
function trailChunks(total: number, gate: Promise<void> = Promise.resolve()) {
  const state = { pulled: 0, chunks: Math.ceil(total / 500) };
  const base = record();
  async function* chunks() {
    for (let c = 0; c < state.chunks; c++) {
      if (c === state.chunks - 1) await gate;
      state.pulled++;
      yield Array.from({ length: Math.min(500, total - c * 500) }, (_, i) => ({ ...base, id: c * 500 + i + 1, requestId: `event ${c * 500 + i + 1}` }));
    }
  }
  return { state, chunks: chunks() };
}

async function readXlsxRows(file: Buffer): Promise<unknown[][]> {
  const [sheet] = await readXlsxFile(file, { trim: false });
  return sheet!.data;
}

describe("streaming", () => {
  for (const format of ["csv", "xlsx"] as const) {
    it(`${format}: the writer is fed chunk by chunk and the first bytes leave before the last rows are read`, async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const { state, chunks } = trailChunks(10 * 500, gate);
      const answered = exportResponse(EN, { sheet: ACTIVITY_SHEET as unknown as AnySheet, format, member: 1, maxRows: 100_000 }, chunks as AsyncIterator<unknown[]>);
      // The whole-file writer of old answered only after the last chunk: here the answer and its bytes come first.
      const res = await Promise.race([answered, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
      expect(res, "no answer before the last chunk was read").not.toBeNull();
      const reader = res!.body!.getReader();
      const parts: Uint8Array[] = [];
      let received = 0;
      while (received < 64 * 1024) {
        const next = await reader.read();
        if (next.done) break;
        parts.push(next.value);
        received += next.value.length;
      }
      expect(received).toBeGreaterThanOrEqual(64 * 1024);
      expect(state.pulled).toBeLessThan(state.chunks);
      open();
      for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
      expect(state.pulled).toBe(state.chunks);
      const file = Buffer.concat(parts);
      const rows = format === "csv" ? readCsv(file.toString("utf8"), "en") : await readXlsxRows(file);
      expect(rows).toHaveLength(1 + 5000);
      expect(rows[5000]![12]).toBe("event 5000");
    });
  }

  it("waits for a slow reader instead of piling the file up in memory (backpressure)", async () => {
    const { state, chunks } = trailChunks(40 * 500);
    const res = await exportResponse(EN, { sheet: ACTIVITY_SHEET as unknown as AnySheet, format: "csv", member: 1, maxRows: 100_000 }, chunks as AsyncIterator<unknown[]>);
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 300));
    // A reader that took one piece and stopped: the writer is held a few chunks in, not at the end.
    expect(state.pulled).toBeLessThan(5);
    await reader.cancel();
  });
});

describe("the row cap", () => {
  for (const locale of ["en", "tr"] as const) {
    const ctx = at(locale);
    const note = cappedText(ctx, 1200);

    it(`${locale}: the catalog's note, the number in the reader's form`, () => {
      expect(note).toBe(locale === "en" ? "Export stopped at 1,200 rows: narrow the filters to get the rest." : "Dışa aktarma 1.200 satırda durdu: kalanı için filtreleri daraltın.");
    });

    it(`${locale}: CSV stops at the cap with the note as its last row`, async () => {
      const { state, chunks } = trailChunks(3000);
      const rows = readCsv((await exported("csv", ACTIVITY_SHEET, ctx, chunks as AsyncIterator<unknown[]>, 1200)).toString("utf8"), locale);
      expect(rows).toHaveLength(1 + 1200 + 1);
      expect(rows[1200]![12]).toBe("event 1200");
      expect(rows[1201]).toEqual([note]);
      // Chunks past the cap are never read.
      expect(state.pulled).toBe(3);
    });

    it(`${locale}: .xlsx stops at the cap with the note as its last row`, async () => {
      const { chunks } = trailChunks(3000);
      const rows = await readXlsxRows(await exported("xlsx", ACTIVITY_SHEET, ctx, chunks as AsyncIterator<unknown[]>, 1200));
      expect(rows).toHaveLength(1 + 1200 + 1);
      expect(rows[1200]![12]).toBe("event 1200");
      expect(rows[1201]![0]).toBe(note);
    });
  }

  it("says nothing when the rows end at the cap, and cuts a single large chunk too", async () => {
    const exact = readCsv((await exported("csv", ACTIVITY_SHEET, EN, trailChunks(1000).chunks as AsyncIterator<unknown[]>, 1000)).toString("utf8"), "en");
    expect(exact).toHaveLength(1 + 1000);
    const whole = Array.from({ length: 1300 }, (_, i) => ({ ...warehouses[0]!, id: i + 1 }));
    const cut = await readXlsxRows(await exported("xlsx", WAREHOUSE_SHEET, EN, inOneChunk(whole), 1000));
    expect(cut).toHaveLength(1 + 1000 + 1);
    expect(cut[1000]![0]).toBe(1000);
    expect(cut[1001]![0]).toBe(cappedText(EN, 1000));
  });
});

describe("review 3, I-5: fullwidth formula starters in CSV", () => {
  it("get the leading apostrophe, at the start of a cell and after a ; or ,", () => {
    const hostile: Warehouse[] = ["＝1+1", "＋1", "－1", "＠SUM(A1)", "a;＝1+1", "b, ＋2"].map((name, i) => ({ ...warehouses[0]!, id: i + 1, name }));
    for (const ctx of [TR, EN]) {
      const names = readCsv(exportCsv(WAREHOUSE_SHEET, ctx, hostile), ctx.locale).slice(1).map((r) => r[1]);
      expect(names).toEqual(["'＝1+1", "'＋1", "'－1", "'＠SUM(A1)", "a;'＝1+1", "b,' ＋2"]);
    }
  });
});

describe("concurrent exports", () => {
  afterEach(() => expect(runningExports()).toBe(0));

  it(`${EXPORTS_PER_MEMBER} per member and ${EXPORTS_PER_INSTANCE} per instance; more get 429 with a time to try again`, () => {
    const held = [takeExportSlot(1), takeExportSlot(1)];
    const mine = (() => {
      try {
        takeExportSlot(1);
      } catch (error) {
        return error;
      }
    })();
    expect(mine).toBeInstanceOf(DomainError);
    expect(mine).toMatchObject({ code: "too_many_requests", extra: { retryAfterSeconds: EXPORT_RETRY_SECONDS, detailCode: { code: "exports.tooManyMine" } } });
    expect((mine as DomainError).detail).toBe("You already have 2 exports running: wait for one to finish, then try again.");
    held.push(takeExportSlot(2), takeExportSlot(3));
    expect(() => takeExportSlot(4)).toThrow(`The console is already making 4 exports: try again in ${EXPORT_RETRY_SECONDS} s.`);
    held[0]!();
    held[0]!();
    held.push(takeExportSlot(4));
    expect(() => takeExportSlot(5)).toThrow(DomainError);
    for (const release of held.slice(1)) release();
  });

  it("an export holds its slot while it streams and gives it back when read to the end or cancelled", async () => {
    const open = () => exportResponse(EN, { sheet: ACTIVITY_SHEET as unknown as AnySheet, format: "xlsx", member: 9, maxRows: 100_000 }, trailChunks(20 * 500).chunks as AsyncIterator<unknown[]>);
    const [a, b] = [await open(), await open()];
    await expect(open()).rejects.toMatchObject({ code: "too_many_requests" });
    await a.body!.cancel();
    let c: Response | undefined;
    for (const until = Date.now() + 5_000; !c && Date.now() < until; ) c = await open().catch(() => new Promise<undefined>((r) => setTimeout(r, 20)));
    expect(c).toBeDefined();
    await b.arrayBuffer();
    await c!.arrayBuffer();
  });
});
