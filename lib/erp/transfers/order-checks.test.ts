import { describe, expect, it } from "vitest";
import { implausibleIds, readOrderFile, skipHeader } from "@/lib/erp/transfers/order-checks";
import { ORDER_FILE_MAX_BYTES, parseOrderIds } from "@/lib/erp/transfers/order-ids";
import { xlsxFile } from "@/test/xlsx";

describe("skipHeader", () => {
  it("leaves out a header row in either language and names it", () => {
    for (const header of ["Sipariş No", "Order ID", "order_id", '"Sipariş No";"Not"', "\uFEFForder id"]) {
      const skipped = skipHeader(`${header}\r\n3572228\r\n3572229\r\n`);
      expect(skipped.header, header).toBe(header.replace(/^\uFEFF/, ""));
      expect(parseOrderIds(skipped.text).ids).toEqual(["3572228", "3572229"]);
      expect(parseOrderIds(skipped.text).invalid).toEqual([]);
    }
  });

  it("keeps a first line that holds an order id, or has no letters", () => {
    expect(skipHeader("3572228 note\n3572229")).toEqual({ header: null, text: "3572228 note\n3572229" });
    expect(skipHeader("3572228\nOrder ID")).toEqual({ header: null, text: "3572228\nOrder ID" });
    expect(skipHeader("-- ##\n3572228").header).toBeNull();
    expect(skipHeader("").header).toBeNull();
    // One line of words is a list of bad ids, not a header over nothing.
    expect(skipHeader("abc, 12x; -1\n\n").header).toBeNull();
  });

  it("looks past blank lines for the first row", () => {
    expect(skipHeader("\n  \nSipariş No\n3572228")).toEqual({ header: "Sipariş No", text: "3572228" });
  });
});

describe("implausibleIds", () => {
  it("flags leading zeros and ids far longer than the rest", () => {
    const ids = ["3572228", "3572229", "0003572230", "12345678901234567890", "35722310"];
    expect(implausibleIds(ids)).toEqual([
      { id: "0003572230", reason: "leading_zero" },
      { id: "12345678901234567890", reason: "far_longer" },
    ]);
  });

  it("does not flag a list of like ids, a single id, or an id only a little longer", () => {
    expect(implausibleIds(["3572228", "3572229", "35722300"])).toEqual([]);
    expect(implausibleIds(["12345678901234567890"])).toEqual([]);
    expect(implausibleIds(["3572228", "35722281234"])).toEqual([{ id: "35722281234", reason: "far_longer" }]);
    expect(implausibleIds(["3572228", "3572228123"])).toEqual([]);
    expect(implausibleIds([])).toEqual([]);
  });
});

describe("readOrderFile", () => {
  it("reads the first sheet of an .xlsx, one row a line, keeping ids as their text", async () => {
    const file = xlsxFile([["Sipariş No", "Not"], [3572228, "ok"], ["0042", null], [{ number: "12345678901234567" }, null]]);
    const read = await readOrderFile("orders.xlsx", file);
    expect(read).toEqual({ text: "Sipariş No\tNot\n3572228\tok\n0042\t\n12345678901234567\t" });
  });

  it("reads CSV and text as UTF-8, as before", async () => {
    expect(await readOrderFile("orders.csv", new TextEncoder().encode("order_id\n3572228"))).toEqual({ text: "order_id\n3572228" });
  });

  it("refuses a broken spreadsheet, old Excel and OpenDocument files, and files over the limit", async () => {
    expect(await readOrderFile("orders.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]))).toEqual({ problem: "bad_spreadsheet" });
    expect(await readOrderFile("orders.xlsx", new TextEncoder().encode("3572228"))).toEqual({ problem: "bad_spreadsheet" });
    expect(await readOrderFile("orders.xls", new TextEncoder().encode("3572228"))).toEqual({ problem: "unsupported_spreadsheet" });
    expect(await readOrderFile("orders.ods", xlsxFile([["1"]]))).toEqual({ problem: "unsupported_spreadsheet" });
    expect(await readOrderFile("orders.xlsx", new Uint8Array(ORDER_FILE_MAX_BYTES + 1))).toEqual({ problem: "too_large" });
    expect(await readOrderFile("orders.txt", new Uint8Array([0x33, 0x00, 0x35]))).toEqual({ problem: "not_text" });
  });
});
