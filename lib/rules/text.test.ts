import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS, hasControlCharacters } from "@/lib/rules/text";
import { channelFields } from "@/lib/alerts/schemas";
import { scheduleFormSchema } from "@/lib/schedules/schemas";
import { memberNameSchema } from "@/lib/team/schemas";
import { viewNameSchema } from "@/lib/views/schemas";
import { erpWarehouseIdSchema, exportWarehousesQuerySchema, warehouseCodeSchema, warehouseNameSchema } from "@/lib/warehouses/schemas";

const hex = (c: string) =>
  [...c].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ") || "(empty)";
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

// The policy's table over the Basic Multilingual Plane: every character it refuses, by range.
const refused = [
  ...range(0x00, 0x1f), // C0, tab and line feed included
  ...range(0x7f, 0x9f), // DEL and C1 (U+0085 NEL included)
  "\u00AD", // soft hyphen
  "\u034F", // combining grapheme joiner
  ...range(0x0600, 0x0605), // Arabic number signs (format)
  "\u061C", // Arabic letter mark
  "\u06DD",
  "\u070F",
  ...range(0x0890, 0x0891),
  "\u08E2",
  "\u115F", // Hangul choseong filler
  "\u1160", // Hangul jungseong filler
  ...range(0x17b4, 0x17b5), // Khmer inherent vowels (invisible)
  ...range(0x180b, 0x180f), // Mongolian free variation selectors and vowel separator
  ...range(0x200b, 0x200f), // ZWSP, ZWNJ, ZWJ, LRM, RLM
  "\u2028",
  "\u2029",
  ...range(0x202a, 0x202e), // embeddings and overrides
  ...range(0x2060, 0x2064), // word joiner, invisible operators
  ...range(0x2066, 0x206f), // isolates and deprecated format characters
  "\u2800", // braille pattern blank
  "\u3164", // Hangul filler
  ...range(0xfe00, 0xfe0f), // variation selectors (VS15/VS16 only after an emoji, below)
  "\uFEFF", // BOM, zero-width no-break space
  "\uFFA0", // halfwidth Hangul filler
  ...range(0xfff9, 0xfffb), // interlinear annotation
];
const allowed = [" ", "~", "\u00A0", "\u00A1", "ş", "İ", "ğ", "\u2027", "\u202F", "\u2065", "\u3000", "😀", "\u2764\uFE0F", "\u2764\uFE0E", "\u{1F44D}\uFE0F", "e\u0301", "\u0938\u094D\u0924"];

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

  it("refuses unpaired surrogates and format characters beyond the BMP, not whole pairs", () => {
    for (const c of ["\uD800", "\uDFFF", "a\uDC00b", "\uD83D"]) expect(hasControlCharacters(c), hex(c)).toBe(true);
    for (const c of ["\u{E0001}", "\u{E0041}", "\u{E007F}", "\u{1D173}", "\u{110BD}", "\u{E0100}", "\u{E01EF}"]) expect(hasControlCharacters(`Depo${c}`), hex(c)).toBe(true);
    for (const c of ["😀", "\u{1F1F9}\u{1F1F7}", "\u{20000}", "\u{1D400}"]) expect(hasControlCharacters(`Depo${c}`), hex(c)).toBe(false);
  });

  it("lets VS15/VS16 follow an emoji only, never a letter or digit", () => {
    for (const c of ["IST01\uFE0F", "IST01\uFE0E", "\uFE0FIST01", "1\uFE0F\u20E3", "A\uFE0F"]) expect(hasControlCharacters(c), hex(c)).toBe(true);
    for (const c of ["Depo \u2764\uFE0F", "\u263A\uFE0E ok", "\u{1F4E6}\uFE0F"]) expect(hasControlCharacters(c), hex(c)).toBe(false);
  });

  it("lets up to four combining marks stand on a letter, not five", () => {
    expect(hasControlCharacters("a\u0301\u0302\u0303\u0304")).toBe(false);
    expect(hasControlCharacters("Tiếng Việt")).toBe(false);
    expect(hasControlCharacters("Tie\u0302\u0301ng Vie\u0323\u0302t")).toBe(false); // decomposed Vietnamese
    expect(hasControlCharacters("a\u0301\u0302\u0303\u0304\u0305")).toBe(true);
    expect(hasControlCharacters(`Z${"\u0336".repeat(12)}algo`)).toBe(true);
  });
});

// Every field that takes a typed name, code or search text, each parsed the way its handler parses it: true when accepted.
const scheduleBody = { kind: "stock", rule: "daily", everyMinutes: "15", times: "02:00", days: [], cron: "", timeZone: "UTC", quietFrom: "", quietTo: "" };
const FIELDS: Record<string, (text: string) => boolean> = {
  "warehouse name": (t) => warehouseNameSchema.safeParse(t).success,
  "warehouse code": (t) => warehouseCodeSchema.safeParse(t.replaceAll(" ", "_")).success,
  "warehouse ERP id": (t) => erpWarehouseIdSchema.safeParse(t).success,
  "warehouse search": (t) => exportWarehousesQuerySchema.safeParse({ q: t }).success,
  "member name (Team page, CLI, SSO)": (t) => memberNameSchema.safeParse(t).success,
  "view name": (t) => viewNameSchema.safeParse(t).success,
  "schedule name": (t) => scheduleFormSchema.safeParse({ ...scheduleBody, name: t }).success,
  "alert channel name": (t) => channelFields.shape.name.safeParse(t).success,
};

// Samples from every class the policy refuses, in the middle of a name (blanks around a name are trimmed).
const SAMPLES: Record<string, string> = {
  NUL: "\u0000",
  TAB: "\t",
  "C1 NEL": "\u0085",
  "C1 CSI": "\u009B",
  "soft hyphen": "\u00AD",
  ALM: "\u061C",
  "Mongolian vowel separator": "\u180E",
  ZWSP: "\u200B",
  ZWNJ: "\u200C",
  ZWJ: "\u200D",
  LRM: "\u200E",
  RLM: "\u200F",
  LRE: "\u202A",
  RLO: "\u202E",
  PDF: "\u202C",
  "word joiner": "\u2060",
  LRI: "\u2066",
  PDI: "\u2069",
  "line separator": "\u2028",
  "paragraph separator": "\u2029",
  BOM: "\uFEFF",
  "Hangul filler": "\u3164",
  "Hangul choseong filler": "\u115F",
  "halfwidth Hangul filler": "\uFFA0",
  "combining grapheme joiner": "\u034F",
  "variation selector 1": "\uFE00",
  "variation selector 16 after a digit": "\uFE0F",
  "variation selector 256": "\u{E01EF}",
  "ideographic variation selector": "\u{E0100}",
  "Mongolian free variation selector 1": "\u180B",
  "Mongolian free variation selector 4": "\u180F",
  "braille pattern blank": "\u2800",
  "tag A": "\u{E0041}",
  "tag cancel": "\u{E007F}",
  "lone high surrogate": "\uD800",
  "lone low surrogate": "\uDC00",
  "five stacked marks": "\u0301\u0302\u0303\u0304\u0305",
};

// What people type must still pass: Turkish, other scripts, marks in normal use, emoji, NBSP (a visible gap).
const FINE: Record<string, string> = {
  Turkish: "İSTANBUL Şube ığüşöç",
  "decomposed accent": "Cafe\u0301",
  Vietnamese: "Kho Hà Nội",
  Devanagari: "गोदाम",
  Arabic: "مستودع",
  Hebrew: "מחסן",
  CJK: "倉庫",
  emoji: "Depo 📦",
  "emoji with VS16": "Depo ❤️",
  NBSP: "Depo\u00A01",
};

describe("the text policy on every name, code and search field", () => {
  const cases = Object.entries(FIELDS).flatMap(([field, accepts]) => Object.entries(SAMPLES).map(([sample, c]) => [field, sample, c, accepts] as const));
  it.each(cases)("%s refuses %s", (_, __, c, accepts) => {
    expect(accepts(`IST${c}01`)).toBe(false);
  });

  const fine = Object.entries(FIELDS)
    .flatMap(([field, accepts]) => Object.entries(FINE).map(([sample, text]) => [field, sample, text, accepts] as const))
    // A code takes no spaces of any kind (NBSP included): that is the code's own rule.
    .filter(([field, sample]) => !(field === "warehouse code" && sample === "NBSP"));
  it.each(fine)("%s accepts %s", (_, __, text, accepts) => {
    expect(accepts(text)).toBe(true);
  });
});
