import { describe, expect, it } from "vitest";
import { batchCount, decodeOrderFile, ORDER_FILE_MAX_BYTES, orderListProblem, parseOrderIds } from "@/lib/erp/transfers/order-ids";

describe("parseOrderIds", () => {
  it("splits on new lines, commas, semicolons, tabs and spaces", () => {
    const parsed = parseOrderIds("3572000\n3572001,3572002;3572003\t3572004 3572005\r\n3572006  ,, ;\n");
    expect(parsed.ids).toEqual(["3572000", "3572001", "3572002", "3572003", "3572004", "3572005", "3572006"]);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.duplicatesRemoved).toBe(0);
  });

  it("reads a column pasted from a spreadsheet and a CSV with quoted cells", () => {
    expect(parseOrderIds("3572000\r\n3572001\r\n").ids).toEqual(["3572000", "3572001"]);
    expect(parseOrderIds('"3572000","0042"\n"3572001";\'3572002\'\n“3572003”').ids).toEqual([
      "3572000",
      "0042",
      "3572001",
      "3572002",
      "3572003",
    ]);
    // An empty quoted cell is nothing, not an invalid token.
    expect(parseOrderIds('"",3572000,""').invalid).toEqual([]);
  });

  it("keeps ids as typed: leading zeros and 20-digit ids survive", () => {
    const long = "12345678901234567890";
    const parsed = parseOrderIds(`0003572001 3572001 ${long}`);
    expect(parsed.ids).toEqual(["0003572001", "3572001", long]);
  });

  it("removes duplicates, keeping the first appearance, and counts them", () => {
    const parsed = parseOrderIds("3572000 3572001 3572000 3572000 3572001 3572002");
    expect(parsed.ids).toEqual(["3572000", "3572001", "3572002"]);
    expect(parsed.duplicatesRemoved).toBe(3);
    expect(parsed.duplicateIds).toEqual(["3572000", "3572001"]);
    expect(parsed.validTokens).toBe(6);
  });

  it("lists invalid tokens once each, with the reason and how often they appear", () => {
    const parsed = parseOrderIds("abc 12x 3572000 -5 12.0 123456789012345678901 abc ١٢٣");
    expect(parsed.ids).toEqual(["3572000"]);
    expect(parsed.invalid).toEqual([
      { token: "abc", reason: "not_a_number", count: 2 },
      { token: "12x", reason: "not_a_number", count: 1 },
      { token: "-5", reason: "not_a_number", count: 1 },
      { token: "12.0", reason: "not_a_number", count: 1 },
      { token: "123456789012345678901", reason: "too_long", count: 1 },
      { token: "١٢٣", reason: "not_a_number", count: 1 },
    ]);
    expect(parsed.invalidTokens).toBe(7);
  });

  it("strips quotes only at the ends of a token", () => {
    const parsed = parseOrderIds(`"x""y" ""3572000"" '"\u201c\u2018\u2019\u201d"' \u201c'0042'\u201d`);
    expect(parsed.ids).toEqual(["3572000", "0042"]);
    expect(parsed.invalid).toEqual([{ token: 'x""y', reason: "not_a_number", count: 1 }]);
  });

  it("runs in linear time on a long run of quotes (a crafted file of a million quotes)", () => {
    const token = (quotes: number) => `x${'"'.repeat(quotes)}y`;
    const time = (text: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        parseOrderIds(text);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    // Each step is 4x the input: linear time grows about 4x, quadratic 16x. Below 5 ms is noise.
    let previous = time(token(4_000));
    for (const quotes of [16_000, 64_000, 256_000, 1_024_000]) {
      const text = token(quotes);
      const took = time(text);
      expect(took, `${quotes} quotes took ${took.toFixed(1)} ms after ${previous.toFixed(1)} ms`).toBeLessThan(8 * Math.max(previous, 5));
      previous = took;
    }
    expect(previous).toBeLessThan(5_000);
    expect(parseOrderIds(token(1_024_000)).invalid).toEqual([{ token: token(1_024_000), reason: "not_a_number", count: 1 }]);
    expect(parseOrderIds(`${'"'.repeat(1_000_000)}3572000${'"'.repeat(1_000_000)}`).ids).toEqual(["3572000"]);
  });

  it("ignores a byte order mark and no-break spaces", () => {
    expect(parseOrderIds("\uFEFF3572000\u00a03572001").ids).toEqual(["3572000", "3572001"]);
  });
});

describe("orderListProblem", () => {
  it("refuses an empty list, a list of only invalid tokens and more than the maximum", () => {
    expect(orderListProblem(parseOrderIds(" \n ,;"), 10)).toBe("empty");
    expect(orderListProblem(parseOrderIds("abc 12x"), 10)).toBe("only_invalid");
    expect(orderListProblem(parseOrderIds("1 2 3"), 2)).toBe("too_many");
    expect(orderListProblem(parseOrderIds("1 2 2 abc"), 2)).toBeNull();
  });

  it("handles 10,000 ids quickly", () => {
    const text = Array.from({ length: 10_000 }, (_, i) => String(40_000_000 + i)).join("\n");
    const parsed = parseOrderIds(text);
    expect(parsed.ids).toHaveLength(10_000);
    expect(orderListProblem(parsed, 10_000)).toBeNull();
    expect(orderListProblem(parseOrderIds(`${text}\n1`), 10_000)).toBe("too_many");
  });
});

describe("decodeOrderFile", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  it("reads UTF-8 text, dropping a byte order mark", () => {
    expect(decodeOrderFile(bytes("\uFEFForder_id\n3572000\n"))).toEqual({ text: "order_id\n3572000\n" });
  });

  it("refuses binary files, invalid UTF-8 and files over 2 MB", () => {
    expect(decodeOrderFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({ problem: "not_text" });
    expect(decodeOrderFile(new Uint8Array([0x33, 0x35, 0xff, 0xfe, 0x37]))).toEqual({ problem: "not_text" });
    expect(decodeOrderFile(new Uint8Array(ORDER_FILE_MAX_BYTES + 1).fill(0x31))).toEqual({ problem: "too_large" });
  });
});

describe("batchCount", () => {
  it("rounds up", () => {
    expect(batchCount(250, 100)).toBe(3);
    expect(batchCount(100, 100)).toBe(1);
    expect(batchCount(1, 100)).toBe(1);
  });
});
