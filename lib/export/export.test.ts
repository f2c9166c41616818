import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import readXlsxFile from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import { ACTIVITY_SHEET, readableRows, type ReadableAudit } from "@/lib/activity/csv";
import { NO_NAMES } from "@/lib/activity/readable";
import type { AuditRecord } from "@/lib/activity/schemas";
import { transferSheet } from "@/lib/erp/csv";
import { exportCsv, LIST_SEPARATOR } from "@/lib/export/csv";
import { attachment, exportFilename, sheetHeader, type ExportContext } from "@/lib/export/sheet";
import { exportXlsx } from "@/lib/export/xlsx";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { CSV_BOM, csvGuard } from "@/lib/rules/csv";
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

  it("makes the header row bold and writes formula-looking text as text, never as a formula", async () => {
    const files = unzipSync(new Uint8Array(await exportXlsx(WAREHOUSE_SHEET, TR, warehouses)));
    const sheetXml = strFromU8(files["xl/worksheets/sheet1.xml"]!);
    const styles = strFromU8(files["xl/styles.xml"]!);
    expect(sheetXml).not.toContain("<f>");
    const headerStyles = [...sheetXml.matchAll(/<c r="[A-F]1"[^>]* s="(\d+)"/g)].map((m) => Number(m[1]));
    expect(headerStyles).toHaveLength(6);
    const xfs = [...styles.slice(styles.indexOf("<cellXfs")).matchAll(/<xf\b([^>]*)>/g)].map((m) => Number(/fontId="(\d+)"/.exec(m[1]!)?.[1] ?? 0));
    const fonts = [...styles.matchAll(/<font>(.*?)<\/font>/g)].map((m) => m[1]!);
    const bold = (style: number) => fonts[xfs[style]!]!.includes("<b/>");
    expect(headerStyles.every(bold)).toBe(true);
    expect(bold(Number(/<c r="B2"[^>]* s="(\d+)"/.exec(sheetXml)?.[1] ?? 0))).toBe(false);
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
      const en = sheetHeader(sheet as never, "en");
      const tr = sheetHeader(sheet as never, "tr");
      expect(tr).not.toEqual(en);
      expect(en.some((h, i) => h === (sheet.columns[i]?.key as string))).toBe(false);
    }
  });
});

function hostileSheet() {
  return transferSheet(() => "");
}
