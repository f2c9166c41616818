import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { E2E_UPSTREAM_TOKEN } from "@/test/env";
import { leakSearch } from "@/test/token-needles";
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

// The outside review's token and the e2e one: `+`, `/` and `=` are what HTML encoders, URL forms and gateways rewrite.
const REVIEW_TOKEN = "Xk4+Rt9/LmQ2+Zp7/Wv3N8+Hd5/Jc1Fy6Ts0Qa==";
const TOKENS: [string, string][] = [
  ["the review's token", REVIEW_TOKEN],
  ["the e2e token", E2E_UPSTREAM_TOKEN],
];

const ALNUM = /^[A-Za-z0-9]$/;
const codeOf = (c: string) => c.codePointAt(0)!;
const hexOf = (c: string) => codeOf(c).toString(16);
const NAMED: Record<string, string> = { "/": "&sol;", "+": "&plus;", "=": "&equals;", "&": "&amp;", "%": "&percnt;" };
/** Each character that is not a letter or digit written another way (what ESAPI-style encoders do). */
const others = (token: string, f: (c: string, next: string) => string) => [...token].map((c, i) => (ALNUM.test(c) ? c : f(c, token[i + 1] ?? ""))).join("");
const every = (token: string, f: (c: string) => string) => [...token].map(f).join("");
const bytesOf = (token: string, f: (b: number) => string) => [...Buffer.from(token)].map(f).join("");
const pct = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
const lines = (text: string, width: number, eol: string) => text.match(new RegExp(`.{1,${width}}`, "g"))!.join(eol);
const wrappedBase64 = (token: string, lead: number, encoding: "base64" | "base64url", width: number, eol: string) =>
  lines(Buffer.concat([Buffer.from("x".repeat(lead)), Buffer.from(token), Buffer.from(" tail")]).toString(encoding), width, eol);

/** The spellings the redactor missed before (outside review 3, N-1), each as the text says it, that is, once parsed. */
const RESPELLINGS: [string, (token: string) => string][] = [
  ["hex character references (`&#x2B;`)", (t) => others(t, (c) => `&#x${hexOf(c).toUpperCase()};`)],
  ["hex character references, lower case with `&#X`", (t) => others(t, (c) => `&#X${hexOf(c)};`)],
  ["decimal character references (`&#43;`)", (t) => others(t, (c) => `&#${codeOf(c)};`)],
  ["decimal references without `;` where HTML allows", (t) => others(t, (c, next) => `&#${codeOf(c)}${/[0-9]/.test(next) ? ";" : ""}`)],
  ["named character references (`&plus;`, `&sol;`, `&equals;`)", (t) => others(t, (c) => NAMED[c] ?? c)],
  ["every character as a decimal reference", (t) => every(t, (c) => `&#${codeOf(c)};`)],
  ["every character as a hex reference with leading zeros", (t) => every(t, (c) => `&#x${hexOf(c).padStart(4, "0")};`)],
  ["references escaped twice (`&amp;#x2F;`)", (t) => others(t, (c) => `&amp;#x${hexOf(c)};`)],
  ["a reference inside a JSON escape (`\\u0026#47;`)", (t) => others(t, (c) => `\\u0026#${codeOf(c)};`)],
  ["every byte percent-encoded", (t) => bytesOf(t, pct)],
  ["every byte percent-encoded, lower case", (t) => bytesOf(t, (b) => pct(b).toLowerCase())],
  ["every byte percent-encoded twice (`%2558`)", (t) => bytesOf(t, (b) => `%25${pct(b).slice(1)}`)],
  ["`+` as a space", (t) => t.replaceAll("+", " ")],
  ["`+` as `%20`", (t) => t.replaceAll("+", "%20")],
  ["`\\x` escapes", (t) => others(t, (c) => `\\x${hexOf(c).padStart(2, "0")}`)],
  ["`\\x` escapes, upper case", (t) => others(t, (c) => `\\x${hexOf(c).padStart(2, "0").toUpperCase()}`)],
  ["every character as `\\xHH`", (t) => every(t, (c) => `\\x${hexOf(c).padStart(2, "0")}`)],
  ...[0, 1, 2].flatMap((lead): [string, (token: string) => string][] => [
    [`base64 after ${lead} bytes, a CRLF every 16 characters`, (t) => wrappedBase64(t, lead, "base64", 16, "\r\n")],
    [`base64 after ${lead + 54} bytes, wrapped at 76 (MIME)`, (t) => wrappedBase64(t, lead + 54, "base64", 76, "\r\n")],
    [`base64 after ${lead} bytes, a line break every 5 characters`, (t) => wrappedBase64(t, lead, "base64", 5, "\n")],
    [`base64 after ${lead} bytes, broken by spaces`, (t) => wrappedBase64(t, lead, "base64", 9, " ")],
    [`base64url after ${lead} bytes, broken by tabs and line breaks`, (t) => wrappedBase64(t, lead, "base64url", 7, "\t\n")],
  ]),
  ["base64 of `Bearer <token>`, wrapped", (t) => lines(Buffer.from(`Bearer ${t}`).toString("base64"), 12, "\r\n")],
  ["hex broken by spaces", (t) => bytesOf(t, (b) => b.toString(16).padStart(2, "0")).match(/../g)!.join(" ")],
];

describe.each(TOKENS)("Redactor.redact, %s, spelt the ways outside review 3 found", (_, token) => {
  const search = leakSearch(token);
  const r = new Redactor();
  r.add(token);

  it.each(RESPELLINGS)("removes the token written as %s, in plain text and in a JSON body", (_, spell) => {
    const spelt = spell(token);
    expect(search.leaks(spelt), "the spelling is the token").not.toEqual([]);
    const text = `Invalid key ${spelt} refused`;
    const out = r.redact(text);
    expect(search.leaks(out), out).toEqual([]);
    expect(out).toMatch(/^Invalid key [\s\S]*\[redacted\][\s\S]* refused$/);
    const body = JSON.stringify({ status: "error", message: text });
    const redacted = r.redact(body);
    expect(search.leaks(redacted), redacted).toEqual([]);
    expect((JSON.parse(redacted) as { message: string }).message).toMatch(/^Invalid key [\s\S]*\[redacted\][\s\S]* refused$/);
  });

  it("removes the token however its characters are spelt, mixed, with line breaks between them, inside any text", () => {
    const ways = (c: string): string[] => {
      const out = [c, `\\u${hexOf(c).padStart(4, "0")}`, `\\x${hexOf(c).padStart(2, "0")}`, `&#x${hexOf(c)};`, `&#${codeOf(c)};`, `&amp;#${codeOf(c)};`];
      out.push(pct(codeOf(c)), pct(codeOf(c)).toLowerCase(), `%25${pct(codeOf(c)).slice(1)}`, `\\u0025${pct(codeOf(c)).slice(1)}`);
      if (NAMED[c]) out.push(NAMED[c]!);
      if (c === "/") out.push("\\/");
      if (c === "+") out.push(" ", "%20", "&#32;");
      return out;
    };
    const gap = fc.constantFrom("", "", "", "", "\r\n", "\n", " ");
    const spelling = fc.tuple(...[...token].map((c) => fc.tuple(fc.constantFrom(...ways(c)), gap))).map((parts) => parts.flat().join("").trim());
    fc.assert(
      fc.property(spelling, fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), fc.boolean(), (spelt, before, after, asJson) => {
        const text = `${before} ${spelt} ${after}`;
        fc.pre(search.leaks(text).length > 0);
        const input = asJson ? JSON.stringify({ m: text }) : text;
        const out = r.redact(input);
        expect(search.leaks(out), out).toEqual([]);
        if (asJson) expect(search.leaks((JSON.parse(out) as { m: string }).m)).toEqual([]);
        expect(out).toContain("[redacted]");
      }),
      { numRuns: 400 },
    );
  });

  it("removes the token's base64 and base64url at any byte alignment, wrapped anyhow, its characters escaped or not", () => {
    const escapeSome = (text: string, how: number) =>
      how === 0 ? text : how === 1 ? text.replace(/[+/=]/g, (c) => pct(codeOf(c))) : how === 2 ? text.replace(/[+/=]/g, (c) => `&#x${hexOf(c)};`) : text.replaceAll("/", "\\/");
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 5 }),
        fc.uint8Array({ maxLength: 5 }),
        fc.constantFrom("base64" as const, "base64url" as const),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom("\r\n", "\n", " ", "\t", "  "),
        fc.integer({ min: 0, max: 3 }),
        (lead, tail, encoding, width, eol, how) => {
          const encoded = Buffer.concat([lead, Buffer.from(token), tail]).toString(encoding);
          const text = `key: ${escapeSome(lines(encoded, width, eol), how)} end`;
          expect(search.leaks(text)).not.toEqual([]);
          const out = r.redact(text);
          expect(search.leaks(out), out).toEqual([]);
          expect(search.leaks(r.redact(JSON.stringify(text)))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leaves every text without the token as it was: references, escapes, `+`, line breaks and pieces of the token", () => {
    // Pieces that are never next to each other in the token, so no run of them spells it.
    const pieces = [0, 12, 24].map((at) => token.slice(at, at + 6));
    const fragment = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("R&amp;D", "&lt;b&gt;", "caf&eacute;", "&#x2F;v1&#47;stores", "&sol;", "&plus;", "&amp", "%20", "%2F", "%25", "%E2%82%AC"),
      fc.constantFrom("+", " ", "\r\n", "\n", "\\u0130", "\\x41", "\\/", "\\\\", "\\n", "&#", "%", "&"),
      fc.uint8Array({ minLength: 4, maxLength: 30 }).map((b) => Buffer.from(b).toString("base64")),
      fc.constantFrom(...pieces),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 16 }), fc.boolean(), (parts, asJson) => {
        const text = parts.join("");
        const input = asJson ? JSON.stringify({ m: text, n: 1 }) : text;
        expect(r.redact(input)).toBe(input);
      }),
      { numRuns: 500 },
    );
    const ordinary = [
      "R&amp;D &lt;b&gt; caf&eacute; &#x2F;v1&#x2F;stores?q=a%20b+c&amp;x=%2Fpath%3F",
      String.raw`C:\new\table \x41\u0130 \\u002B`,
      `line one\r\nline two ${Buffer.from("not the token at all").toString("base64")}`,
      token.slice(0, 12),
      token.slice(-12),
    ];
    for (const text of ordinary) {
      expect(r.redact(text)).toBe(text);
      expect(r.redact(JSON.stringify(text))).toBe(JSON.stringify(text));
    }
  });
});

it("redacts megabytes full of escapes, backslash runs and broken references in linear time", () => {
  const r = new Redactor();
  r.add(REVIEW_TOKEN);
  const row = (i: number) => `{"name":"Depo ${i} &amp; \\u0130stanbul %20 + x\\n","p":"${"%".repeat(i % 7)}&#${"\\".repeat(i % 50)}&${"a".repeat(i % 40)}"}`;
  const runs = (n: number) => ["\\", "&#", "%", "&amp", "\\u00", "%E2"].map((s) => s.repeat(n)).join(" ");
  const text = (rows: number) => `${Array.from({ length: rows }, (_, i) => row(i)).join(",")} ${runs(rows * 4)} ${REVIEW_TOKEN.replaceAll("/", "&#x2F;")}`;
  const time = (t: string) => {
    const started = performance.now();
    const out = r.redact(t);
    return { ms: performance.now() - started, out };
  };
  time(text(4_000));
  const tenth = time(text(4_000));
  const whole = time(text(40_000));
  expect(whole.out.endsWith(" [redacted]")).toBe(true);
  expect(whole.ms).toBeLessThan(10 * 3 * tenth.ms + 100);
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
