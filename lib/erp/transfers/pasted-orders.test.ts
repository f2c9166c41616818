import { describe, expect, it } from "vitest";
import { readPastedColumns } from "@/lib/erp/transfers/pasted-orders";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const read = (text: string) => readPastedColumns(text, NOW);

describe("a pasted spreadsheet block", () => {
  it("with a Turkish header carries channel, order date and package id with each id, lower-cased, first line of a repeated id winning", () => {
    const table = read("Sipariş No\tKanal\tSipariş Tarihi\tPaket No\n3572001\tTrendyol\t27.11.2026 14:05\tPK-1\n3572002\tweb\t2026-11-26\t\n3572001\tHepsiburada\t2026-11-25\tPK-9\n");
    expect(table?.columns).toEqual({ id: { index: 0, name: "Sipariş No" }, channel: { index: 1, name: "Kanal" }, date: { index: 2, name: "Sipariş Tarihi" }, package: { index: 3, name: "Paket No" } });
    expect(table?.orders).toEqual([
      { id: "3572001", source: "trendyol", orderDate: "2026-11-27T14:05:00.000Z", packageId: "PK-1" },
      { id: "3572002", source: "web", orderDate: "2026-11-26T00:00:00.000Z" },
    ]);
    expect(table?.idText).toBe("3572001\n3572002\n3572001");
    expect(table?.problems).toEqual([]);
  });

  it("without a header finds the channel and date by what the cells hold, comma or semicolon separated", () => {
    for (const sep of [",", ";"]) {
      const table = read(`3572001${sep}Trendyol${sep}2026-11-27T10:00:00+03:00\n3572002${sep}web${sep}2026-11-26`);
      expect(table?.columns, sep).toMatchObject({ id: { index: 0 }, channel: { index: 1, name: null }, date: { index: 2, name: null }, package: null });
      expect(table?.orders, sep).toEqual([
        { id: "3572001", source: "trendyol", orderDate: "2026-11-27T07:00:00.000Z" },
        { id: "3572002", source: "web", orderDate: "2026-11-26T00:00:00.000Z" },
      ]);
    }
  });

  it("a plain list of ids, in lines, by commas or two ids a row, is not a table: it is read as before", () => {
    for (const text of ["3572001\n3572002", "3572001, 3572002, 3572003", "3572001\t3572002\n3572003\t3572004", "3572001, 3572002, abc", "Sipariş No\n3572001\n3572002", "order_id,customer\n3572001,12\n"]) expect(read(text), text).toBeNull();
  });

  it("names each bad cell by its line and column, and the rows carry nothing from it", () => {
    const table = read("order id\tchannel\torder date\tpackage\n3572001\tweb\t2026-11-27\tPK1\n\n3572002\t-bad\t31.02.2026\tP K\n3572003\tweb\t2026-12-05\t\n");
    expect(table?.problems).toEqual([
      { line: 4, column: "channel", name: "channel", number: 2, value: "-bad", reason: "channel" },
      { line: 4, column: "date", name: "order date", number: 3, value: "31.02.2026", reason: "date" },
      { line: 4, column: "package", name: "package", number: 4, value: "P K", reason: "package" },
      { line: 5, column: "date", name: "order date", number: 3, value: "2026-12-05T00:00:00.000Z", reason: "future" },
    ]);
    expect(table?.orders).toEqual([{ id: "3572001", source: "web", orderDate: "2026-11-27T00:00:00.000Z", packageId: "PK1" }, { id: "3572003", source: "web" }]);
    expect(read("order id\tchannel\n3572001\t" + "x".repeat(41))?.problems).toMatchObject([{ line: 2, column: "channel", reason: "channel" }]);
  });

  it("reads a date or time without a zone as the account's wall clock, and keeps a written zone", () => {
    const table = readPastedColumns("Sipariş No;Kanal;Tarih\n3572001;web;27.11.2026 23:30\n3572002;web;2026-11-26\n3572003;web;2026-11-26T10:00:00+05:00\n", NOW, "Europe/Istanbul");
    expect(table?.orders.map((o) => o.orderDate)).toEqual(["2026-11-27T20:30:00.000Z", "2026-11-25T21:00:00.000Z", "2026-11-26T05:00:00.000Z"]);
    // Past midnight in Istanbul but still the day before in UTC: a wall time read as UTC would land three hours late.
    expect(readPastedColumns("order id,order date\n3572001,2026-11-28 14:30\n", NOW, "Europe/Istanbul")?.problems).toEqual([]);
    expect(readPastedColumns("order id,order date\n3572001,2026-11-28 16:30\n", NOW, "Europe/Istanbul")?.problems).toMatchObject([{ reason: "future" }]);
  });
});
