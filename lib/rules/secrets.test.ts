import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { processRedactor, redactSecrets, Redactor, secretForms } from "@/lib/rules/secrets";

// Bytes 0x3e/0x3f ("> ?") give "+" and "/" in base64 and "-" and "_" in base64url; "/" and "+" are in the token
// itself too, the characters JSON producers escape (PHP `\/`, .NET `\u002B`).
const TOKEN = "rules-test/token+>>??>>??-9f";

const redactor = () => {
  const r = new Redactor();
  r.add(TOKEN);
  return r;
};

const unit = (c: string, upper = false) => {
  const hex = c.charCodeAt(0).toString(16).padStart(4, "0");
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};
const allUnicode = (s: string, upper = false) => [...Array(s.length).keys()].map((i) => unit(s[i]!, upper)).join("");
const base64At = (lead: number, encoding: "base64" | "base64url") =>
  Buffer.concat([Buffer.from("x".repeat(lead)), Buffer.from(TOKEN), Buffer.from(" tail")]).toString(encoding);

/** Each way the token may reach the console inside a JSON string literal (the text between the quotes). */
const SPELLINGS: [string, string][] = [
  ["as is", TOKEN],
  ["`/` as `\\/`", TOKEN.replaceAll("/", "\\/")],
  ["`+` as `\\u002B`", TOKEN.replaceAll("+", "\\u002B")],
  ["`+` as `\\u002b`", TOKEN.replaceAll("+", "\\u002b")],
  ["every character as \\uxxxx", allUnicode(TOKEN)],
  ["every character as \\uXXXX", allUnicode(TOKEN, true)],
  ["URL-encoded", encodeURIComponent(TOKEN)],
  ["URL-encoded, lower-case hex", encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
  ["URL-encoded, then `%` as \\u0025", encodeURIComponent(TOKEN).replaceAll("%", "\\u0025")],
  ["hex", Buffer.from(TOKEN).toString("hex")],
  ["hex, upper case", Buffer.from(TOKEN).toString("hex").toUpperCase()],
  ...[0, 1, 2].flatMap((lead): [string, string][] => [
    [`base64 after ${lead} bytes, \`/\` as \`\\/\``, base64At(lead, "base64").replaceAll("/", "\\/")],
    [`base64 after ${lead} bytes, \`+\` as \`\\u002B\``, base64At(lead, "base64").replaceAll("+", "\\u002B")],
    [`base64 after ${lead} bytes, every character as \\uXXXX`, allUnicode(base64At(lead, "base64"), true)],
    [`base64url after ${lead} bytes`, base64At(lead, "base64url")],
  ]),
];

/** Whether a (parsed) text still holds the token in any form: each form's bytes decoded back where that can be done. */
function holdsToken(text: string): boolean {
  const decoded = [text, text.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))];
  for (const encoding of ["base64", "base64url", "hex"] as const) {
    for (const word of text.split(/[^A-Za-z0-9+/_=-]+/)) {
      for (let skip = 0; skip < 4; skip++) decoded.push(Buffer.from(word.slice(skip), encoding).toString("latin1"));
    }
  }
  return decoded.some((d) => d.includes(TOKEN.slice(2, -2)));
}

describe("secretForms", () => {
  it("lists the secret as is, URL-encoded, in hex and base64/base64url at each alignment, longest first", () => {
    const forms = secretForms(TOKEN);
    expect(forms).toContain(TOKEN);
    expect(forms).toContain(encodeURIComponent(TOKEN));
    expect(forms).toContain(Buffer.from(TOKEN).toString("hex"));
    for (const lead of [0, 1, 2]) {
      for (const encoding of ["base64", "base64url"] as const) {
        const text = base64At(lead, encoding);
        const form = forms.find((f) => text.includes(f));
        expect(form, `${encoding} after ${lead} bytes`).toBeDefined();
        // What is left around the form cannot decode to the token.
        expect(Buffer.from(text.replace(form!, ""), encoding).toString("latin1")).not.toContain(TOKEN.slice(4, -4));
      }
    }
    expect(forms).toEqual([...forms].sort((a, b) => b.length - a.length));
  });

  it("ignores values too short to be secrets", () => {
    expect(secretForms("abc")).toEqual([]);
    expect(secretForms("abcd")).toContain("abcd");
    const r = new Redactor();
    r.add("abcd");
    expect([r.redact("abcd"), r.redact("abc"), r.redact("\\u0061bcd")]).toEqual(["[redacted]", "abc", "[redacted]"]);
  });
});

describe("Redactor.redact", () => {
  it.each(SPELLINGS)("removes the token spelt %s, in a JSON body before parsing, and the body still parses", (_, spelt) => {
    expect(holdsToken(JSON.parse(`"${spelt}"`) as string), "the spelling is the token").toBe(true);
    const body = `{"message":"Yetkisiz anahtar: ${spelt} reddedildi","n":1}`;
    const out = redactor().redact(body);
    expect(out).toContain("[redacted]");
    const parsed = JSON.parse(out) as { message: string };
    expect(holdsToken(parsed.message), out).toBe(false);
    expect(parsed.message).toMatch(/^Yetkisiz anahtar: .*\[redacted\].* reddedildi$/);
  });

  it("removes the token with any mix of JSON escapes and percent-encodings, character by character", () => {
    const r = redactor();
    // Per character: itself, \uxxxx or \uXXXX, `\/` for "/", and %XX (either case) for what a URL encoder encodes.
    const ways = (c: string): string[] => {
      const out = [c, unit(c), unit(c, true)];
      if (c === "/") out.push("\\/");
      if (!/[A-Za-z0-9\-_.!~*'()]/.test(c)) {
        const pct = encodeURIComponent(c);
        out.push(pct, pct.toLowerCase(), allUnicode(pct), `${unit("%")}${pct.slice(1)}`);
      }
      return out;
    };
    const spelling = fc.tuple(...[...TOKEN].map((c) => fc.constantFrom(...ways(c)))).map((parts) => parts.join(""));
    fc.assert(
      fc.property(spelling, fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (spelt, before, after) => {
        const body = `{"m":${JSON.stringify(before).slice(0, -1)}${spelt}${JSON.stringify(after).slice(1)}}`;
        expect(holdsToken((JSON.parse(body) as { m: string }).m)).toBe(true);
        const out = r.redact(body);
        expect((JSON.parse(out) as { m: string }).m).not.toContain(TOKEN);
        expect(out).toContain("[redacted]");
      }),
      { numRuns: 500 },
    );
  });

  it("removes any bearer credential and leaves other text alone, slashes, escapes and pieces of the token included", () => {
    const r = redactor();
    expect(r.redact("Authorization: Bearer abc.def")).toBe("Authorization: Bearer [redacted]");
    const ordinary = String.raw`{"path":"\/v1\/stores","name":"\u0130stanbul + rules-test\/token","n":"50%2B"}`;
    expect(r.redact(ordinary)).toBe(ordinary);
    expect(r.redact("nothing secret here")).toBe("nothing secret here");
  });
});

describe("Redactor.redactJson", () => {
  it("redacts every string and key of a parsed value in place, at any depth", () => {
    const value = {
      message: `a ${TOKEN}`,
      list: [TOKEN, 1, null, true, { deep: [[encodeURIComponent(TOKEN)]] }],
      [`key ${TOKEN}`]: "value",
      ok: "fine",
    };
    const out = redactor().redactJson(value);
    expect(out).toBe(value);
    expect(out).toEqual({
      message: "a [redacted]",
      list: ["[redacted]", 1, null, true, { deep: [["[redacted]"]] }],
      "key [redacted]": "value",
      ok: "fine",
    });
    expect(redactor().redactJson(TOKEN)).toBe("[redacted]");
    expect(redactor().redactJson(42)).toBe(42);
  });

  it("walks a value nested far deeper than the call stack allows", () => {
    let value: unknown = [TOKEN];
    for (let i = 0; i < 200_000; i++) value = { a: value };
    let node = redactor().redactJson(value) as { a: unknown } | string[];
    while (!Array.isArray(node)) node = node.a as typeof node;
    expect(node).toEqual(["[redacted]"]);
  });
});

describe("Redactor.stringify and copy", () => {
  it("give a redacted copy and leave the caller's value as it was", () => {
    const value = { before: { name: TOKEN }, [TOKEN]: [`x ${TOKEN}`] };
    const snapshot = structuredClone(value);
    expect(redactor().stringify(value)).toBe('{"before":{"name":"[redacted]"},"[redacted]":["x [redacted]"]}');
    expect(redactor().copy(value)).toEqual({ before: { name: "[redacted]" }, "[redacted]": ["x [redacted]"] });
    expect(value).toEqual(snapshot);
    expect(redactor().stringify(undefined)).toBeUndefined();
  });
});

describe("the process redactor", () => {
  it("is one per process and redacts what was added to it", () => {
    const secret = "process-wide/secret+42";
    expect(redactSecrets(`x ${secret}`)).toBe(`x ${secret}`);
    processRedactor().add(secret);
    expect(processRedactor()).toBe(processRedactor());
    expect(redactSecrets(`x ${secret.replace("/", "\\/")}`)).toBe("x [redacted]");
  });
});
