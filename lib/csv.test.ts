import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvFilename, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a BOM, the header and CRLF rows that survive a round trip", () => {
    const csv = toCsv(["id", "name"], [[1, 'İSTANBUL "Şube", 1\nkat'], [2, null]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toContain("\r\n");
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows).toEqual([["id", "name"], ["1", 'İSTANBUL "Şube", 1\nkat'], ["2", ""]]);
  });

  it("neutralises cells a spreadsheet would run", () => {
    const rows = Papa.parse<string[]>(toCsv(["v"], [["=1+2"], ["@SUM(A1)"], ["-3"], ["=1\n+2"], ["safe"]]).slice(1), { skipEmptyLines: true }).data;
    expect(rows.slice(1).map((r) => r[0])).toEqual(["'=1+2", "'@SUM(A1)", "'-3", "'=1\n+2", "safe"]);
  });

  it("names files with a UTC stamp", () => {
    expect(csvFilename("warehouses", new Date("2026-05-01T09:07:00Z"))).toBe("warehouses-20260501-0907.csv");
  });
});
