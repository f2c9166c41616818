import { describe, expect, it } from "vitest";
import { applyTypoFix, parseOrderIds, typoFixes } from "@/lib/erp/transfers/order-ids";

// The paste's typos offered as fixes: a letter that looks like a digit, and one id split by a space in a chat message.

describe("typoFixes", () => {
  it.each([
    ["35721O5", "3572105", [5]],
    ["3572lO5", "3572105", [4, 5]],
    ["I572105", "1572105", [0]],
    ["357ı105", "3571105", [3]],
    ["35721o5", "3572105", [5]],
  ])("%s reads as %s, the letters marked", (from, to, marks) => {
    expect(typoFixes(`3572000\n${from}\n3572001`)).toEqual([{ kind: "confusable", from, to, marks }]);
  });

  it("offers nothing for words, for tokens of letters only, or for valid ids", () => {
    expect(typoFixes("abc\n12x\nOl\nIO\n3572105, 3572106 3572107\nfoo bar")).toEqual([]);
  });

  it("offers an id split by a space joined, as long as the paste's ids or, alone, when both parts are short", () => {
    expect(typoFixes("3572100\n3572 105\n3572106")).toEqual([{ kind: "split", from: "3572 105", to: "3572105", marks: [4] }]);
    expect(typoFixes("Can you send 3572 105 please")).toEqual([{ kind: "split", from: "3572 105", to: "3572105", marks: [4] }]);
    expect(typoFixes("3572100 3572101\n35 7")).toEqual([]);
  });

  it("lists each offer once, in the order of the paste", () => {
    expect(typoFixes("35721O5\n3572 105\n35721O5").map((f) => f.from)).toEqual(["35721O5", "3572 105"]);
  });
});

describe("applyTypoFix", () => {
  it("changes only the entry, wherever it stands whole, and keeps every other character as typed", () => {
    const text = '3572000, "35721O5";x35721O5\n35721O5\r\n  3572 105 ';
    expect(applyTypoFix(text, { from: "35721O5", to: "3572105" })).toBe('3572000, "3572105";x35721O5\n3572105\r\n  3572 105 ');
    expect(applyTypoFix(text, { from: "3572 105", to: "3572105" })).toBe('3572000, "35721O5";x35721O5\n35721O5\r\n  3572105 ');
  });

  it("turns the flagged entries into ids the paste takes", () => {
    let text = "35721O5\n3572 105\n357ı106";
    for (const fix of typoFixes(text)) text = applyTypoFix(text, fix);
    expect(parseOrderIds(text)).toMatchObject({ ids: ["3572105", "3571106"], invalid: [], duplicatesRemoved: 1 });
  });
});
