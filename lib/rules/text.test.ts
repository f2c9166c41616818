import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS, hasControlCharacters } from "@/lib/rules/text";

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

// The policy's table: every character it refuses, by range, and neighbours it lets through.
const refused = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)), // C0, tab and line feed included
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)), // DEL and C1 (U+0085 NEL included)
  "\u2028",
  "\u2029",
  ...["\u202A", "\u202B", "\u202C", "\u202D", "\u202E"], // embeddings and overrides
  ...["\u2066", "\u2067", "\u2068", "\u2069"], // isolates
];
const allowed = [" ", "~", "\u00A0", "\u00A1", "ş", "İ", "\u2027", "\u202F", "\u2065", "\u206A", "\u200B", "😀"];

describe("the text policy", () => {
  it.each(refused.map((c) => [hex(c), c]))("refuses %s", (_, c) => {
    expect(hasControlCharacters(`Depo${c}1`)).toBe(true);
  });

  it.each(allowed.map((c) => [hex(c), c]))("lets %s through", (_, c) => {
    expect(hasControlCharacters(`Depo${c}1`)).toBe(false);
  });

  it("refuses exactly the table, over the whole Basic Multilingual Plane", () => {
    const found: string[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCharCode(cp);
      if (CONTROL_CHARACTERS.test(c)) found.push(c);
    }
    expect(found.map(hex)).toEqual(refused.map(hex));
  });
});
