import { describe, expect, it } from "vitest";
import { readRows, readUpload } from "@/lib/reconcile/upload";
import { RECONCILE_UPLOAD_MAX_BYTES, RECONCILE_UPLOAD_MAX_ROWS } from "@/lib/reconcile/constants";
import { xlsxFile } from "@/test/xlsx";

const csv = (text: string) => new TextEncoder().encode(text);

describe("readUpload", () => {
  it("finds the id, date and channel columns of a seller panel's CSV by their cells, wherever they stand", async () => {
    const read = await readUpload("orders.csv", csv("Müşteri No;Tarih;Sipariş No;Kanal;Tutar\n1001;28.11.2026 10:30;3572001;trendyol;12,50\n1002;2026-11-27;3572002;web;8\n1001;28.11.2026;3572001;trendyol;1\n"));
    expect(read).toEqual({
      rows: 3,
      header: ["Müşteri No", "Tarih", "Sipariş No", "Kanal", "Tutar"],
      columns: { id: { index: 2, name: "Sipariş No" }, date: { index: 1, name: "Tarih" }, channel: { index: 3, name: "Kanal" } },
      orders: [
        { id: "3572001", orderDate: "2026-11-28T10:30:00.000Z", source: "trendyol" },
        { id: "3572002", orderDate: "2026-11-27T00:00:00.000Z", source: "web" },
      ],
      invalidRows: 0,
      duplicates: 1,
    });
  });

  it("reads an .xlsx export, keeping long ids as typed and counting rows whose id is not one", async () => {
    const file = xlsxFile([["order_id", "created_at", "source"], [{ number: "35720000000000000001" }, "2026-11-20T08:00:00Z", "hepsiburada"], ["35720O2", "2026-11-20T09:00:00Z", "web"], ["3572003", "", ""]]);
    const read = await readUpload("export.xlsx", file);
    expect(read).toMatchObject({
      rows: 3,
      columns: { id: { index: 0, name: "order_id" }, date: { index: 1, name: "created_at" }, channel: { index: 2, name: "source" } },
      orders: [
        { id: "35720000000000000001", orderDate: "2026-11-20T08:00:00.000Z", source: "hepsiburada" },
        { id: "3572003", orderDate: null, source: null },
      ],
      invalidRows: 1,
    });
  });

  it("reads an .xlsx that arrived as a Node Buffer (a view into a shared pool), as the upload route receives it", async () => {
    const file = xlsxFile([["Sipariş No"], ["3572001"]]);
    const pooled = Buffer.from(Buffer.from(file).toString("base64"), "base64");
    expect(await readUpload("export.xlsx", pooled)).toMatchObject({ orders: [{ id: "3572001" }] });
  });

  it("takes a headerless list of ids as the id column", async () => {
    expect(await readUpload("ids.csv", csv("3572001\n3572002\n"))).toMatchObject({ header: null, columns: { id: { index: 0, name: null }, date: null, channel: null }, orders: [{ id: "3572001" }, { id: "3572002" }] });
  });

  it("refuses a file without an order-id column, an empty one and one over the row limit", async () => {
    expect(await readUpload("orders.csv", csv("Customer,Date,Channel\nAyşe,2026-11-28,web\nMehmet,2026-11-27,web\n"))).toEqual({ problem: "no_id_column" });
    expect(await readUpload("orders.csv", csv("\n\n"))).toEqual({ problem: "empty" });
    const ids = Array.from({ length: RECONCILE_UPLOAD_MAX_ROWS + 1 }, (_, i) => String(3_000_000 + i));
    expect(await readUpload("big.csv", csv(`order_id\n${ids.join("\n")}`))).toEqual({ problem: "too_many_rows" });
    expect(await readUpload("fits.csv", csv(`order_id\n${ids.slice(1).join("\n")}`))).toMatchObject({ rows: RECONCILE_UPLOAD_MAX_ROWS });
  });

  it("refuses a file over the size limit, an old Excel file and a broken .xlsx before reading rows", async () => {
    expect(await readUpload("big.csv", new Uint8Array(RECONCILE_UPLOAD_MAX_BYTES + 1))).toEqual({ problem: "too_large" });
    expect(await readUpload("old.xls", csv("3572001"))).toEqual({ problem: "unsupported_spreadsheet" });
    expect(await readUpload("broken.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toEqual({ problem: "bad_spreadsheet" });
  });

  it("reads dates without a zone, and a spreadsheet's date cells, as the account's wall clock", async () => {
    const read = await readUpload("orders.csv", csv("Sipariş No;Tarih\n3572001;28.11.2026 23:30\n3572002;2026-11-27\n3572003;2026-11-27T08:00:00Z\n"), "Europe/Istanbul");
    expect(read).toMatchObject({ orders: [{ orderDate: "2026-11-28T20:30:00.000Z" }, { orderDate: "2026-11-26T21:00:00.000Z" }, { orderDate: "2026-11-27T08:00:00.000Z" }] });
    // A date cell carries the wall clock as if it were UTC (a sheet has no zone).
    const cells = [["order_id", "created_at"], ["3572001", new Date("2026-11-28T23:30:15Z")]];
    expect(readRows(cells, "Europe/Istanbul")).toMatchObject({ orders: [{ orderDate: "2026-11-28T20:30:15.000Z" }] });
    expect(readRows(cells)).toMatchObject({ orders: [{ orderDate: "2026-11-28T23:30:15.000Z" }] });
  });
});
