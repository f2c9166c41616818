import { E2E_UPSTREAM_TOKEN } from "@/test/env";

// Every form the token could take in what the browser receives; apart from the app's redaction: the test must not trust the code it checks.

export interface Needle {
  name: string;
  value: string;
}

/** The base64 characters that depend only on the token's bytes when it sits `offset` bytes in. */
function alignedBase64(token: Buffer, offset: number, encoding: "base64" | "base64url"): string {
  const text = Buffer.concat([Buffer.alloc(offset), token]).toString(encoding).replace(/=+$/, "");
  const first = Math.ceil((8 * offset) / 6);
  const end = Math.floor((8 * (offset + token.length)) / 6);
  return text.slice(first, end);
}

export function tokenNeedles(token: string): Needle[] {
  const bytes = Buffer.from(token, "utf8");
  const needles: Needle[] = [
    { name: "token", value: token },
    { name: "url-encoded token", value: encodeURIComponent(token) },
    { name: "url-encoded token (lower-case hex)", value: encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()) },
    { name: "bearer header", value: `Bearer ${token}` },
    { name: "hex token", value: bytes.toString("hex") },
    { name: "hex token (upper case)", value: bytes.toString("hex").toUpperCase() },
    { name: "base64 of the bearer header", value: Buffer.from(`Bearer ${token}`).toString("base64").replace(/=+$/, "") },
  ];
  for (const encoding of ["base64", "base64url"] as const) {
    for (const offset of [0, 1, 2]) {
      needles.push({ name: `${encoding} token (offset ${offset})`, value: alignedBase64(bytes, offset, encoding) });
    }
  }
  // The same value may come out of two encodings; keep each once.
  return needles.filter((n, i) => needles.findIndex((m) => m.value === n.value) === i);
}

const code = (radix: number) => (match: string, digits: string) => {
  const n = parseInt(digits, radix);
  return n <= 0x10ffff ? String.fromCodePoint(n) : match;
};

const NAMED: Record<string, string> = {
  sol: "/", plus: "+", equals: "=", amp: "&", percnt: "%", num: "#", lowbar: "_", period: ".", colon: ":", comma: ",",
  semi: ";", quest: "?", excl: "!", dollar: "$", lpar: "(", rpar: ")", ast: "*", commat: "@", bsol: "\\", Tab: "\t",
  NewLine: "\n", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: " ",
};

function unescapedOnce(text: string): string {
  return text
    .replace(/\\+u\{([0-9a-f]{1,6})\}/gi, code(16))
    .replace(/\\+u([0-9a-f]{4})/gi, code(16))
    .replace(/\\+x([0-9a-f]{2})/gi, code(16))
    .replace(/\\+\//g, "/")
    .replace(/\\+[rnt]/g, " ")
    .replace(/&#x([0-9a-f]{1,6});?/gi, code(16))
    .replace(/&#([0-9]{1,7});?/g, code(10))
    .replace(/&([A-Za-z]+);/g, (m, name: string) => NAMED[name] ?? m)
    .replace(/&(amp|quot|lt|gt|nbsp)(?![A-Za-z0-9;])/g, (_, name: string) => NAMED[name]!)
    .replace(/%([0-9a-f]{2})/gi, code(16));
}

export function unescaped(text: string): string {
  let out = text;
  for (let round = 0; round < 4; round++) {
    const next = unescapedOnce(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

const squeezed = (text: string) => text.replace(/[\s+]+/g, "");

export interface LeakSearch {
  needles: Needle[];
  leaks(text: string): string[];
}

export function leakSearch(token: string): LeakSearch {
  const needles = tokenNeedles(token);
  const squeezedNeedles = needles.map((n) => ({ name: n.name, value: squeezed(n.value) }));
  const found = (text: string) => {
    const names = needles.filter((n) => text.includes(n.value)).map((n) => n.name);
    if (!names.includes("bearer header") && text.toLowerCase().includes(`bearer ${token.toLowerCase()}`)) names.push("bearer header");
    return names;
  };
  return {
    needles,
    leaks(text) {
      const plain = found(text);
      const read = /[\\&%]/.test(text) ? unescaped(text) : text;
      const escaped = read === text ? [] : found(read).filter((n) => !plain.includes(n));
      const compact = squeezed(read);
      const spaced = squeezedNeedles.filter((n) => compact.includes(n.value) && !plain.includes(n.name) && !escaped.includes(n.name)).map((n) => n.name);
      return [...plain, ...escaped.map((n) => `${n}, escaped`), ...spaced.map((n) => `${n}, with whitespace or "+" dropped`)];
    },
  };
}

const E2E_SEARCH = leakSearch(E2E_UPSTREAM_TOKEN);

export const NEEDLES = E2E_SEARCH.needles;

export const tokenLeaks = (text: string): string[] => E2E_SEARCH.leaks(text);

export function leaksIn(where: string, headers: Record<string, string>, body: Buffer | string): string[] {
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  const text = typeof body === "string" ? body : body.toString("latin1");
  return [...tokenLeaks(head).map((n) => `${where} (headers): ${n}`), ...tokenLeaks(text).map((n) => `${where} (body): ${n}`)];
}
