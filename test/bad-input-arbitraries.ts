import { validateHeaderValue } from "node:http";
import fc from "fast-check";

// The rules restate the contract (docs/architecture.md, docs/upstream-api.md) rather than import the schemas: a loosened schema must fail.

export interface RawRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const PATH_TRICKS = ["../", "..%2f", "..%2F", "%2e%2e/", "%2e%2e%2f", "..\\", "..%5c", "./", "%2e/", "%00", "%", "%zz", "%c0%ae", "%e2%80%ae"];

const NASTY = [
  "",
  " ",
  "\t",
  "\n",
  "\u0000",
  "\u0007",
  "\u007f",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u202e",
  "\u2066",
  "\ufeff",
  "\ud800",
  "\udfff",
  "\ud83d\udca5",
  "e\u0301",
  "İ",
  "ı",
  "ß",
  "ﬁ",
  "Ⅻ",
  "１",
  "١",
  "¹",
  "../",
  "..\\..\\",
  "%2e%2e",
  "%2e%2e%2f",
  "%",
  "%zz",
  "%00",
  "1;2",
  "1,2",
  "1&2",
  "1=2",
  "a b",
  "null",
  "undefined",
  "true",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "0",
  "-1",
  "01",
  "+1",
  "1.0",
  "1e3",
  "0x1f",
  "0b1",
  "9007199254740993",
  "99999999999999999999999",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "[]",
  "{}",
  "[object Object]",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "${7*7}",
  "{{7*7}}",
  "=cmd|' /C calc'!A0",
];

export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom(...PATH_TRICKS), fc.string({ maxLength: 10 })).map(([a, b]) => a + b), weight: 2 },
  { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), weight: 2 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.integer({ min: 101, max: 3000 }).map((n) => "ğ".repeat(n)), weight: 1 },
);

export const stringWhere = (bad: (s: string) => boolean) => anyString.filter(bad);

const enc = new TextEncoder();
export function pct(s: string): string {
  let out = "";
  for (const b of enc.encode(s)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const decoder = new TextDecoder();
export const seenAs = (s: string) => decoder.decode(enc.encode(s));

const canonicalId = (s: string) => /^[1-9][0-9]*$/.test(s) && Number.isSafeInteger(Number(s));
const ROUTE_WORDS = ["health", "team", "activity", "warehouses", "erp", "auth", "bulk", "export", "code-check", "imports", "transfers"];

const badIdValue: fc.Arbitrary<string> = fc
  .oneof(
    anyString,
    fc.bigInt({ min: 2n ** 53n, max: 10n ** 40n }).map(String),
    fc.integer({ min: -1_000_000, max: 0 }).map(String),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => `0${n}`),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${n}.0`),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${n};${n + 1}`),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => ` ${n}`),
    fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${n}e0`),
  )
  .filter((s) => !canonicalId(seenAs(s)) && seenAs(s) !== "" && !ROUTE_WORDS.includes(seenAs(s).toLowerCase()));

export const badIdSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: badIdValue.map(pct), weight: 6 },
  { arbitrary: badIdValue.map((s) => `x/../${pct(s)}`), weight: 1 },
  { arbitrary: badIdValue.map((s) => `1/..%2f${pct(s)}`), weight: 1 },
  { arbitrary: badIdValue.map((s) => `%2e%2e%2f${pct(s)}`), weight: 1 },
  { arbitrary: badIdValue.map((s) => `..%2F${pct(s)}`), weight: 1 },
  {
    arbitrary: fc.constantFrom("%", "%zz", "%c0%ae", "%2e%2e", "..", ".", "%2e", "1;2", "1,2", "%31%3b2", "1%00", "1%0a", "-1", "0", "01", "1.5"),
    weight: 2,
  },
);

type Pair = [string, string];

const TAILS = ["", "", "", "&", "&&", "&=", "&%", "&%zz=1", "&=&"];

export function badQuery(bad: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const keys = Object.keys(bad);
  // Not "__proto__": Next drops that name from the query before the app sees it.
  const unknownKey = fc
    .oneof(anyString, fc.constantFrom("constructor", "toString", "hasOwnProperty", "valueOf", "Page", "page[]", "limit ", "_rsc", "q.x"))
    .filter((k) => !keys.includes(seenAs(k)) && seenAs(k) !== "__proto__");
  const noise = fc.array(fc.tuple(fc.constantFrom(...keys), anyString), { maxLength: 3 });
  const poison: fc.Arbitrary<Pair[]> = fc.oneof(
    fc.tuple(unknownKey, anyString).map(([k, v]): Pair[] => [[k, v]]),
    fc.tuple(fc.constantFrom(...keys), anyString, anyString).map(([k, a, b]): Pair[] => [
      [k, a],
      [k, b],
    ]),
    fc.constantFrom(...keys).chain((k) => bad[k]!.map((v): Pair[] => [[k, v]])),
  );
  return fc.tuple(noise, poison, fc.nat(), fc.constantFrom(...TAILS)).map(([pairs, poisonPairs, at, tail]) => {
    const all = [...pairs];
    all.splice(at % (all.length + 1), 0, ...poisonPairs);
    return `?${all.map(([k, v]) => `${pct(k)}=${pct(v)}`).join("&")}${tail}`;
  });
}

export const nonBlank = (s: string) => s.trim() !== "";
export const notOneOf = (words: readonly string[], blankAllowed = true) =>
  stringWhere((s) => (blankAllowed ? nonBlank(s) : true) && !words.includes(s));
export const badCoercedPage = stringWhere((s) => nonBlank(s) && !(Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 100_000));
export const badExactLimit = stringWhere((s) => nonBlank(s) && !["10", "25", "50", "100"].includes(s));
export const notAnEmail = stringWhere((s) => nonBlank(s) && !s.includes("@"));

export class RawNumber {
  constructor(readonly text: string) {}
}
export class RawJson {
  constructor(readonly text: string) {}
}
export class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}

export function toJson(v: unknown): string {
  if (v instanceof RawNumber || v instanceof RawJson) return v.text;
  if (v instanceof Entries) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(",")}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (v !== null && typeof v === "object") return toJson(new Entries(Object.entries(v)));
  return JSON.stringify(v) ?? "null";
}

const RAW_NUMBERS = ["9007199254740993", "-9007199254740993", "18446744073709551616", "1e400", "-1e400", "1e-400", "-0", "0.1e1", "1E2", "123456789012345678901234567890"];

export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: anyString, weight: 3 },
  { arbitrary: fc.constantFrom(...RAW_NUMBERS).map((t) => new RawNumber(t)), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), weight: 2 },
  { arbitrary: fc.constantFrom(true, false, null, 0, 1, -1, [], {}), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.integer({ min: 50, max: 3000 }).map((d) => new RawJson("[".repeat(d) + "]".repeat(d))), weight: 1 },
  { arbitrary: fc.integer({ min: 50, max: 3000 }).map((d) => new RawJson('{"a":'.repeat(d) + "1" + "}".repeat(d))), weight: 1 },
);

export interface FieldRule {
  valid: fc.Arbitrary<unknown>;
  bad: fc.Arbitrary<unknown>;
  required?: boolean;
}

const NOT_JSON = ["", " ", "{", "}", "{\"a\":1,}", "{'a':1}", "{a:1}", "[1,2", "NaN", "undefined", "{\"a\":NaN}", "{\"a\":\"\\x41\"}", "<xml/>", "a=1&b=2", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--"];
const NOT_JSON_TYPES = ["text/plain", "text/html", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json", "application/jsonp", "application/octet-stream", "json", "*/*"];

export interface BodyCase {
  contentType: string | null;
  body: string;
}

export function badBody(fields: Record<string, FieldRule>, extraPoisons: fc.Arbitrary<Entries>[] = []): fc.Arbitrary<BodyCase> {
  const names = Object.keys(fields);
  const plausible = fc
    .record(Object.fromEntries(names.map((n) => [n, fc.oneof({ arbitrary: fields[n]!.valid, weight: 4 }, { arbitrary: anyJson, weight: 1 })])), {
      requiredKeys: [],
    })
    .map((o) => Object.entries(o) as [string, unknown][]);
  const unknownKey = fc.oneof(anyString, fc.constantFrom("__proto__", "constructor", "id", "Name", "is_active", "toJSON")).filter((k) => !names.includes(k));
  const json = (e: [string, unknown][]): BodyCase => ({ contentType: "application/json", body: toJson(new Entries(e)) });

  const poisons: fc.Arbitrary<BodyCase>[] = [
    fc.tuple(plausible, unknownKey, anyJson).map(([e, k, v]) => json([...e, [k, v]])),
    fc.tuple(plausible, fc.constantFrom(...names)).chain(([e, n]) =>
      fields[n]!.bad.map((v) => json([...e.filter(([k]) => k !== n), [n, v]])),
    ),
    // A repeated key: the last one wins in JSON.parse, and it is forbidden.
    fc.tuple(plausible, fc.constantFrom(...names)).chain(([e, n]) =>
      fc.tuple(fields[n]!.valid, fields[n]!.bad).map(([good, v]) => json([...e.filter(([k]) => k !== n), [n, good], [n, v]])),
    ),
    fc.oneof(anyString, fc.array(anyJson, { maxLength: 3 }), fc.constantFrom(null, 0, true, "{}")).map((v) => ({ contentType: "application/json", body: toJson(v) })),
    fc.constantFrom(...NOT_JSON).map((body) => ({ contentType: "application/json; charset=utf-8", body })),
    fc.tuple(plausible, fc.constantFrom<string | null>(null, ...NOT_JSON_TYPES)).map(([e, contentType]) => ({ contentType, body: toJson(new Entries(e)) })),
    fc.tuple(plausible, fc.integer({ min: 1000, max: 20000 }), unknownKey).map(([e, d, k]) => json([...e, [k, new RawJson("[".repeat(d) + "]".repeat(d))]])),
    fc.tuple(plausible, fc.constantFrom(...names), fc.integer({ min: 1000, max: 20000 })).map(([e, n, d]) => json([...e.filter(([k]) => k !== n), [n, new RawJson('{"a":'.repeat(d) + "1" + "}".repeat(d))]])),
    ...extraPoisons.map((a) => a.map((e) => json(e.entries))),
  ];
  const required = names.filter((n) => fields[n]!.required);
  if (required.length) {
    poisons.push(fc.tuple(plausible, fc.constantFrom(...required)).map(([e, n]) => json(e.filter(([k]) => k !== n))));
  }
  return fc.oneof(
    { arbitrary: fc.oneof(...poisons), weight: 200 },
    { arbitrary: fc.constant(null).map(() => json([["padding", "x".repeat(1024 * 1024 + 10)]])), weight: 1 },
  );
}

const INVISIBLE = ["\u200B", "\u2060", "\u034F", "\u3164", "\uFE00", "\uFE0F", "\u{E0100}", "\u180B", "\u180F", "\u2800"];

export const badText = (max: number, opts: { spacesAllowed?: boolean } = {}) =>
  fc.oneof(
    fc.constantFrom<unknown>(null, 0, 1, true, [], {}, ["a"], { a: 1 }, new RawNumber("1e400")),
    fc.constantFrom("", " ", "\t\n", "\u00a0"),
    fc.integer({ min: max + 1, max: max + 500 }).map((n) => "a".repeat(n)),
    fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom("\u0000", "\u0001", "\n", "\t", "\u007f", "\u0085", "\u2028", "\u2029", ...INVISIBLE)).map(([a, c]) => `x${a}${c}${a}x`),
    ...(opts.spacesAllowed ? [] : [fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 8 })).map(([a, b]) => `x${a.trim()} ${b.trim()}x`)]),
  );

export const notBoolean = fc.oneof(
  fc.constantFrom<unknown>(null, 0, 1, "true", "false", "1", "0", "yes", [], {}, [true], new RawNumber("1e400")),
  anyString,
);

export const alnum = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"), minLength: min, maxLength: max });

export const headerSafe = (s: string) => {
  try {
    validateHeaderValue("x", s);
    return !/[^\x20-\x7e]/.test(s);
  } catch {
    return false;
  }
};
