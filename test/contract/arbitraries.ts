import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";


type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Mostly printable ASCII, with the characters the text policy is about: Turkish letters, NBSP, C0/C1 controls,
// zero-width and bidi marks, a line separator. BMP only: the handlers count UTF-16 units, the document code points.
const ODD = ["ç", "İ", "ı", "ğ", "ş", "é", "\u00a0", "\u0007", "\u0085", "\u200b", "\u202e", "\u2028", "\ufeff", " "];
const char = fc.oneof({ weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.constantFrom(...ODD) });
const LONGEST = 60;

const KNOWN = new Set([
  "$ref", "type", "enum", "const", "anyOf", "oneOf", "allOf", "if", "then", "properties", "required", "additionalProperties",
  "items", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
  "default", "description", "readOnly",
]);

export class UnknownKeyword extends Error {}

// A pattern and a format both bind a value (zod writes its email pattern beside format: email, and they differ).
const formats = addFormats(new Ajv2020({ strict: false }));
const formatHolds = (format: string | undefined, s: string) => !format || formats.validate({ type: "string", format }, s);

function walkable(pattern: string): RegExp | null {
  return /\(\?[=!<]|\\p\{/.test(pattern) ? null : new RegExp(pattern);
}

function stringOf(schema: Json): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? LONGEST, Math.max(min, LONGEST));
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
  if (schema.format === "email") {
    const word = (n: number) => fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), minLength: 1, maxLength: n });
    const plain = fc.tuple(word(12), word(10), word(4).filter((t) => /^[a-z]{2,}$/.test(t))).map(([l, d, t]) => `${l}@${d}.${t}`);
    const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern, "u") : null;
    return fc.oneof(plain, fc.emailAddress()).filter((s) => fits(s) && (!pattern || pattern.test(s)) && formatHolds("email", s));
  }
  if (typeof schema.pattern === "string") {
    const re = walkable(schema.pattern);
    if (re) return fc.stringMatching(re).filter((s) => fits(s) && formatHolds(schema.format, s));
    const policy = new RegExp(schema.pattern, "u");
    // A literal start ("^key:") is written, not hoped for: random text almost never begins with it.
    const prefix = /^\^([A-Za-z0-9:-]*)/.exec(schema.pattern)?.[1] ?? "";
    return fc
      .string({ unit: char, minLength: Math.max(0, min - prefix.length), maxLength: Math.max(0, max - prefix.length) })
      .map((rest) => prefix + rest)
      .filter((s) => fits(s) && policy.test(s));
  }
  if (schema.format === "date") return fc.date({ min: new Date("0000-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === "uuid") return fc.uuid();
  return fc.string({ unit: char, minLength: min, maxLength: max });
}

export function arbitraryOf(schema: Json, doc: Json): fc.Arbitrary<unknown> {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new UnknownKeyword(`keyword ${key} in ${JSON.stringify(schema).slice(0, 120)}`);
  if (typeof schema.$ref === "string") return arbitraryOf(schema.$ref.slice(2).split("/").reduce((at: Json, part: string) => at[part], doc), doc);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf ?? schema.oneOf)) return fc.oneof(...((schema.anyOf ?? schema.oneOf) as Json[]).map((s) => arbitraryOf(s, doc)));
  if (Array.isArray(schema.allOf)) return allOf(schema, doc);
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, doc)));
  switch (schema.type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER) });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = arbitraryOf(schema.items ?? {}, doc);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, Math.max(schema.minItems ?? 0, 5)) };
      return schema.uniqueItems ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(items, constraints);
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const record = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s, doc)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function allOf(schema: Json, doc: Json): fc.Arbitrary<unknown> {
  const { allOf: parts, ...base } = schema as { allOf: Json[] } & Json;
  const merged: Json = { ...base, properties: { ...(base.properties as Json) } };
  const rules: Json[] = [];
  for (const part of parts) {
    if (part.if) rules.push(part);
    else for (const [name, s] of Object.entries((part.properties ?? {}) as Json)) merged.properties[name] = { ...merged.properties[name], ...(s as Json) };
  }
  const holds = (value: unknown, s: Json): boolean =>
    Object.entries((s.properties ?? {}) as Record<string, Json>).every(([name, p]) => {
      const v = (value as Json)[name];
      if (v === undefined) return !(s.required ?? []).includes(name);
      if ("const" in p && v !== p.const) return false;
      if (p.type === "string" && typeof v !== "string") return false;
      if (Array.isArray(p.enum) && !p.enum.includes(v)) return false;
      if (typeof p.minLength === "number" && String(v).length < p.minLength) return false;
      if (typeof p.pattern === "string" && !new RegExp(p.pattern, "u").test(String(v))) return false;
      return true;
    });
  return arbitraryOf(merged, doc).filter((value) => rules.every((r) => !holds(value, r.if) || holds(value, r.then)));
}
