import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { AuditRecord } from "@/lib/activity/schemas";
import { CSV_BOM } from "@/lib/rules/csv";
import { ACTIVITY_SHEET, readableRows } from "@/lib/activity/csv";
import { NO_NAMES } from "@/lib/activity/readable";
import { exportCsv, exportCsvHeader, exportCsvLines } from "@/lib/export/csv";
import { exportFilename, sheetHeader } from "@/lib/export/sheet";

// English reader, account in Istanbul (UTC+3): times in the file are the account's wall clock.
const CTX = { locale: "en" as const, timeZone: "Europe/Istanbul", now: new Date("2024-05-01T07:05:09Z") };
const readable = (records: AuditRecord[]) => readableRows(records, NO_NAMES, CTX.locale, CTX.timeZone);
const buildActivityCsv = (records: AuditRecord[]) => exportCsv(ACTIVITY_SHEET, CTX, readable(records));

const record = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  id: 1,
  at: "2024-05-01T09:30:00.000Z",
  actorId: 1,
  actorEmail: "admin@demo.local",
  action: "warehouse.update",
  targetType: "warehouse",
  targetId: "12",
  outcome: "success",
  message: null,
  before: { name: "Depo A" },
  after: { name: "Depo B" },
  details: null,
  requestId: "req-1",
  ip: "127.0.0.1",
  ...over,
});

/** Reads a file back the way a spreadsheet would (after the BOM). */
const read = (csv: string) => Papa.parse<string[]>(csv.slice(CSV_BOM.length), { skipEmptyLines: true }).data;

describe("activity CSV", () => {
  it("starts with a BOM and the header row, with CRLF line ends", () => {
    const csv = buildActivityCsv([record()]);
    expect(csv.startsWith('\uFEFF"Time (GMT+3)","Person","Person\'s e-mail","Action","Target","Target type","Target ID","Outcome","Message","Before","After","Details","Request ID","IP address"\r\n')).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(read(csv)[0]).toEqual(sheetHeader(ACTIVITY_SHEET, CTX));
  });

  it("writes one row per event, JSON columns as JSON and nulls as empty cells", () => {
    const rows = read(buildActivityCsv([record(), record({ id: 2, actorEmail: null, targetType: null, targetId: null, before: null, after: null, details: { reason: "unknown email" }, requestId: null, ip: null, action: "auth.sign_in", outcome: "failure" })]));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual(["2024-05-01 12:30:00", "admin@demo.local", "admin@demo.local", "Warehouse edited", "Depo B", "Warehouse", "12", "Success", "admin@demo.local edited warehouse Depo B", '{"name":"Depo A"}', '{"name":"Depo B"}', "", "req-1", "127.0.0.1"]);
    expect(rows[2]).toEqual(["2024-05-01 12:30:00", "Someone", "", "Sign-in", "", "", "", "Failed", "Someone was refused at sign-in", "", "", '{"reason":"unknown email"}', "", ""]);
  });

  it("quotes commas, quotes and line breaks so they survive a round trip", () => {
    const message = 'Code "D-1" is taken,\nchoose another\r\nplease';
    const csv = buildActivityCsv([record({ message, outcome: "failure", after: { name: message } })]);
    expect(csv).toContain('"Code ""D-1"" is taken,\nchoose another\r\nplease"');
    expect(read(csv)[1]?.[4]).toBe(message);
    expect(read(csv)[1]?.[8]).toBe(`admin@demo.local could not edit warehouse ${message}: ${message}`);
  });

  it.each(["=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd", "=1\n+2"])("neutralises a formula: %j", (value) => {
    const rows = read(buildActivityCsv([record({ after: { name: value }, actorEmail: value })]));
    expect(rows[1]?.[4]).toBe(`'${value}`);
    expect(rows[1]?.[1]).toBe(`'${value}`);
    expect(rows[1]?.[2]).toBe(`'${value}`);
  });

  it("quotes and guards the last column, which a ; list-separator Excel would split (S-1)", () => {
    const csv = buildActivityCsv([record({ ip: "203.0.113.7;=1+1" })]);
    expect(csv.endsWith(`,"203.0.113.7;'=1+1"\r\n`)).toBe(true);
    expect(read(csv)[1]?.[13]).toBe("203.0.113.7;'=1+1");
  });

  it("leaves harmless text alone", () => {
    const rows = read(buildActivityCsv([record({ after: { name: "a=b, c+d" } })]));
    expect(rows[1]?.[4]).toBe("a=b, c+d");
  });

  it("keeps Turkish letters as UTF-8", () => {
    const name = "İstanbul Şişli Çağlayan Ğüöı depo";
    const csv = buildActivityCsv([record({ after: { name }, message: name })]);
    expect(read(csv)[1]?.[4]).toBe(name);
    const bytes = Buffer.from(csv, "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain(`""name"":""${name}""`);
    expect(read(csv)[1]?.[10]).toBe(JSON.stringify({ name }));
  });

  it("builds the same file from a header and batches", () => {
    const a = record({ id: 1 });
    const b = record({ id: 2, message: "second" });
    expect(exportCsvHeader(ACTIVITY_SHEET, CTX) + exportCsvLines(ACTIVITY_SHEET, CTX, readable([a])) + exportCsvLines(ACTIVITY_SHEET, CTX, []) + exportCsvLines(ACTIVITY_SHEET, CTX, readable([b]))).toBe(buildActivityCsv([a, b]));
  });

  it("names the file after the time of the export, in the account's zone", () => {
    expect(exportFilename(CTX, "activity", "csv")).toBe("activity-2024-05-01-1005.csv");
  });
});
