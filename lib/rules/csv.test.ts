import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { ACTIVITY_SHEET, readableRows } from "@/lib/activity/csv";
import { NO_NAMES } from "@/lib/activity/readable";
import type { AuditRecord } from "@/lib/activity/schemas";
import { transferSheet } from "@/lib/erp/transfers/csv";
import { exportCsv, exportCsvLines } from "@/lib/export/csv";
import { sheetHeader } from "@/lib/export/sheet";
import { CSV_BOM, csvGuard, toCsv } from "@/lib/rules/csv";
import { processRedactor } from "@/lib/rules/secrets";
import { tokenNeedles } from "@/test/token-needles";

const read = (csv: string) => Papa.parse<string[]>(csv.slice(CSV_BOM.length), { skipEmptyLines: true }).data;

/** Splits a file the way Excel in a ";" list-separator locale does when it ignores the quotes. */
const semicolonCells = (csv: string) =>
  csv
    .slice(CSV_BOM.length)
    .split(/\r\n/)
    .flatMap((line) => line.split(/[;,]/))
    .map((cell) => cell.replace(/^"+/, ""));

describe("toCsv", () => {
  it("writes a BOM, the header and CRLF rows that survive a round trip", () => {
    const csv = toCsv(["id", "name"], [[1, 'İSTANBUL "Şube", 1\nkat'], [2, null]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toContain("\r\n");
    expect(read(csv)).toEqual([["id", "name"], ["1", 'İSTANBUL "Şube", 1\nkat'], ["2", ""]]);
  });

  it("quotes every cell, the header's too", () => {
    expect(toCsv(["id", "ip"], [[7, "203.0.113.7"], [8, null]])).toBe(`${CSV_BOM}"id","ip"\r\n"7","203.0.113.7"\r\n"8",""\r\n`);
  });

  it("neutralises cells a spreadsheet would run", () => {
    const rows = read(toCsv(["v"], [["=1+2"], ["@SUM(A1)"], ["-3"], ["+3"], ["\tcmd"], ["\rcmd"], ["\ncmd"], ["=1\n+2"], ["safe"]]));
    expect(rows.slice(1).map((r) => r[0])).toEqual(["'=1+2", "'@SUM(A1)", "'-3", "'+3", "'\tcmd", "'\rcmd", "'\ncmd", "'=1\n+2", "safe"]);
  });

  it("neutralises a formula behind a ; or , inside a cell (Turkish Excel splits on ;)", () => {
    const csv = toCsv(["ip"], [["203.0.113.7;=1+1"], ["a,=HYPERLINK(CHAR(104))"], ["x; \t@SUM(A1)"], ["1;+2,-3"]]);
    expect(read(csv).slice(1).map((r) => r[0])).toEqual(["203.0.113.7;'=1+1", "a,'=HYPERLINK(CHAR(104))", "x;' \t@SUM(A1)", "1;'+2,'-3"]);
    expect(csv).toContain('"203.0.113.7;\'=1+1"\r\n');
    // Read without quotes and split on both separators, no cell starts a formula.
    for (const cell of semicolonCells(csv)) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("leaves harmless text alone", () => {
    for (const text of ["a=b, c+d", "2024-05-01", "Code taken,\nchoose another", "x; y", "e-mail@x.test"]) expect(csvGuard(text)).toBe(text);
  });
});

const EN = { locale: "en" as const, timeZone: "UTC", now: new Date("2024-05-01T09:30:00Z") };

describe("every export writes the same way", () => {
  const hostile = "203.0.113.7;=1+1";
  const audit: AuditRecord = {
    id: 1,
    at: "2024-05-01T09:30:00.000Z",
    actorId: null,
    actorEmail: hostile,
    action: "warehouse.update",
    targetType: "warehouse",
    targetId: "1",
    outcome: "failure",
    message: hostile,
    before: null,
    after: { name: hostile },
    details: null,
    requestId: null,
    ip: hostile,
  };
  const [record] = readableRows([audit], NO_NAMES, "en", "UTC");

  it("the activity and transfer files quote and guard like toCsv", () => {
    const message = `${hostile} could not edit warehouse ${hostile}: ${hostile}`;
    expect(record?.readable).toEqual({ actor: hostile, action: "Warehouse edited", target: hostile, targetType: "Warehouse", outcome: "Failed", message });
    expect(exportCsv(ACTIVITY_SHEET, EN, [record!])).toBe(
      toCsv(sheetHeader(ACTIVITY_SHEET, EN), [["2024-05-01 09:30:00", hostile, hostile, "Warehouse edited", hostile, "Warehouse", "1", "Failed", message, "", `{"name":"${hostile}"}`, "", "", hostile]]),
    );
    const sheet = transferSheet((r) => r.reason ?? "");
    const transfer = exportCsv(sheet, EN, [{ position: 1, orderId: "0042", batch: 1, outcome: "not_transferred", reason: hostile, reasonCode: null, meaning: "rejected", source: hostile, packageId: hostile }]);
    expect(transfer).toBe(toCsv(sheetHeader(sheet, EN), [[1, "0042", 1, "Not transferred", hostile, hostile, "", "Rejected", hostile, "", hostile]]));
    expect(transfer.endsWith(`"203.0.113.7;'=1+1","203.0.113.7;'=1+1","","Rejected","203.0.113.7;'=1+1","","203.0.113.7;'=1+1"\r\n`)).toBe(true);
  });
});

describe("no export holds a registered secret", () => {
  // ";+" in the secret: the formula guard would put a quote inside it if it ran first.
  const secret = "csv-test/secret;+=9c2e";
  processRedactor().add(secret);
  const forms = [secret, secret.replace("/", "\\/"), encodeURIComponent(secret), Buffer.from(secret).toString("base64")];
  const leaks = (csv: string) => tokenNeedles(secret).filter((n) => csv.includes(n.value) || read(csv).flat().join(" ").includes(n.value)).map((n) => n.name);
  const guarded = (csv: string) => read(csv).flat().join(" ").replaceAll("'", "");

  it("in any cell of any writer: toCsv, the activity trail's and a run's orders", () => {
    const text = `refused: ${forms.join(" ")}`;
    const plain = toCsv(["a", "b"], [[text, { nested: forms }]]);
    const activity = exportCsvLines(
      ACTIVITY_SHEET,
      EN,
      readableRows(
        [{ id: 1, at: "2024-05-01T09:30:00.000Z", actorId: null, actorEmail: null, action: "erp.import", targetType: null, targetId: null, outcome: "failure", message: text, before: { name: secret }, after: [forms[1]], details: { detail: forms[2] }, requestId: null, ip: null }],
        NO_NAMES,
        "en",
        "UTC",
      ),
    );
    const transfer = exportCsvLines(transferSheet((r) => `The platform said: ${r.reason}`), EN, [{ position: 1, orderId: "0042", batch: 1, outcome: "not_transferred", reason: text, reasonCode: null, meaning: "rejected" }]);
    for (const csv of [plain, activity, transfer]) {
      expect(leaks(csv), csv).toEqual([]);
      expect(guarded(csv), "a secret the formula guard cut").not.toContain(secret);
      expect(csv).toContain("[redacted]");
    }
  });
});
