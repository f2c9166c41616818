const MAX_ROUNDS = 4;
export const WINDOW = 1 << 18;

const BACKSLASH = 0x5c;
const AMPERSAND = 0x26;
const PERCENT = 0x25;

const NAMED: Record<string, string> = {
  amp: "&", AMP: "&", lt: "<", LT: "<", gt: ">", GT: ">", quot: '"', QUOT: '"', apos: "'", sol: "/", bsol: "\\",
  plus: "+", equals: "=", percnt: "%", num: "#", excl: "!", dollar: "$", lpar: "(", rpar: ")", ast: "*", midast: "*",
  comma: ",", period: ".", colon: ":", semi: ";", quest: "?", commat: "@", lsqb: "[", lbrack: "[", rsqb: "]",
  rbrack: "]", lowbar: "_", UnderBar: "_", grave: "`", DiacriticalGrave: "`", lcub: "{", lbrace: "{", rcub: "}",
  rbrace: "}", verbar: "|", vert: "|", VerticalLine: "|", Hat: "^", Tab: "\t", NewLine: "\n", nbsp: "\u00a0",
  NonBreakingSpace: "\u00a0",
};
// HTML reads these without their `;` too.
const LEGACY = ["nbsp", "quot", "QUOT", "amp", "AMP", "lt", "LT", "gt", "GT"];

interface Units {
  codes: Uint16Array;
  from: Int32Array;
  to: Int32Array;
  length: number;
}

const units = (capacity: number): Units => ({ codes: new Uint16Array(capacity), from: new Int32Array(capacity), to: new Int32Array(capacity), length: 0 });
let bufferA = units(0);
let bufferB = units(0);

let decoded = 0;

const unitAt = (u: Units, i: number) => (i < u.length ? u.codes[i]! : -1);

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

function digits(u: Units, at: number, radix: number): number {
  let value = 0;
  let i = at;
  for (; i < u.length && i - at < 12; i++) {
    const d = hexValue(u.codes[i]!);
    if (d < 0 || d >= radix) break;
    value = value * radix + d;
  }
  if (i === at || value > 0x10ffff) return -1;
  decoded = value;
  return i;
}

function fixedHex(u: Units, at: number, count: number): number {
  if (at + count > u.length) return -1;
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const d = hexValue(u.codes[i]!);
    if (d < 0) return -1;
    value = value * 16 + d;
  }
  return value;
}

const found = (code: number, next: number) => {
  decoded = code;
  return next;
};

function backslashEscape(u: Units, at: number): number {
  let i = at;
  while (i < u.length && u.codes[i] === BACKSLASH) i++;
  const letter = unitAt(u, i);
  if (letter === 0x75 && unitAt(u, i + 1) === 0x7b) {
    const next = digits(u, i + 2, 16);
    if (next >= 0 && unitAt(u, next) === 0x7d) return next + 1;
  } else if (letter === 0x75 || letter === 0x78) {
    const count = letter === 0x75 ? 4 : 2;
    const code = fixedHex(u, i + 1, count);
    if (code >= 0) return found(code, i + 1 + count);
  } else if (letter === 0x2f || letter === 0x22 || letter === 0x27) return found(letter, i + 1);
  else if (letter === 0x6e || letter === 0x72 || letter === 0x74) return found(letter === 0x6e ? 10 : letter === 0x72 ? 13 : 9, i + 1);
  return i - at >= 2 ? found(BACKSLASH, i) : -1;
}

const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
const LONGEST_NAME = Math.max(...Object.keys(NAMED).map((n) => n.length));

function startsWithAt(u: Units, at: number, word: string): boolean {
  if (at + word.length > u.length) return false;
  for (let k = 0; k < word.length; k++) if (u.codes[at + k] !== word.charCodeAt(k)) return false;
  return true;
}

function reference(u: Units, at: number): number {
  if (unitAt(u, at + 1) === 0x23) {
    const hexForm = (unitAt(u, at + 2) | 0x20) === 0x78;
    const next = digits(u, at + (hexForm ? 3 : 2), hexForm ? 16 : 10);
    if (next < 0) return -1;
    return unitAt(u, next) === 0x3b ? next + 1 : next;
  }
  let end = at + 1;
  while (end < u.length && end - at <= LONGEST_NAME && isAlnum(u.codes[end]!)) end++;
  if (end === at + 1) return -1;
  if (unitAt(u, end) === 0x3b) {
    const name = String.fromCharCode(...u.codes.subarray(at + 1, end));
    if (Object.hasOwn(NAMED, name)) return found(NAMED[name]!.charCodeAt(0), end + 1);
  }
  for (const legacy of LEGACY) if (startsWithAt(u, at + 1, legacy)) return found(NAMED[legacy]!.charCodeAt(0), at + 1 + legacy.length);
  return -1;
}

const percentByte = (u: Units, at: number) => (unitAt(u, at) === PERCENT ? fixedHex(u, at + 1, 2) : -1);
const SHORTEST_UTF8 = [0, 0x80, 0x800, 0x10000];

function percentEscape(u: Units, at: number): number {
  const lead = percentByte(u, at);
  if (lead < 0x80) return lead < 0 ? -1 : found(lead, at + 3);
  const more = lead >= 0xf0 && lead < 0xf5 ? 3 : lead >= 0xe0 && lead < 0xf0 ? 2 : lead >= 0xc2 && lead < 0xe0 ? 1 : 0;
  if (more === 0) return -1;
  let code = lead & (0x3f >> more);
  for (let k = 1; k <= more; k++) {
    const b = percentByte(u, at + 3 * k);
    if (b < 0x80 || b > 0xbf) return -1;
    code = (code << 6) | (b & 0x3f);
  }
  if (code < SHORTEST_UTF8[more]! || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return -1;
  return found(code, at + 3 * (more + 1));
}

function decodePass(src: Units, dst: Units): boolean {
  let o = 0;
  let changed = false;
  for (let i = 0; i < src.length; ) {
    const c = src.codes[i]!;
    const next = c === BACKSLASH ? backslashEscape(src, i) : c === AMPERSAND ? reference(src, i) : c === PERCENT ? percentEscape(src, i) : -1;
    if (next < 0) {
      dst.codes[o] = c;
      dst.from[o] = src.from[i]!;
      dst.to[o++] = src.to[i++]!;
      continue;
    }
    changed = true;
    const begin = src.from[i]!;
    const end = src.to[next - 1]!;
    if (decoded > 0xffff) {
      dst.codes[o] = 0xd800 + ((decoded - 0x10000) >> 10);
      dst.from[o] = begin;
      dst.to[o++] = end;
    }
    dst.codes[o] = decoded > 0xffff ? 0xdc00 + ((decoded - 0x10000) & 0x3ff) : decoded;
    dst.from[o] = begin;
    dst.to[o++] = end;
    i = next;
  }
  dst.length = o;
  return changed;
}

// Whitespace and `+` (a space in a query) never count: base64 wrapped over lines, a token with `+` read as a space.
const ignored = (c: number) => c === 0x2b || c === 0x20 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0xfeff;

export const ALTERED = /[\\&%+\s]/;
export const ESCAPE = /[\\&%]/;
export const IGNORED_RUN = /[+ \t\n\v\f\r\u00a0\u2028\u2029\ufeff]+/g;

const UTF16 = new TextDecoder("utf-16le");

// A lone surrogate reads as U+FFFD, one unit for one, so positions stay aligned.
const toText = (codes: Uint16Array, length: number) => UTF16.decode(codes.subarray(0, length));

export function canonical(text: string): { text: string; from: Int32Array; to: Int32Array } {
  if (bufferA.codes.length < text.length) {
    bufferA = units(text.length);
    bufferB = units(text.length);
  }
  let src = bufferA;
  let dst = bufferB;
  for (let i = 0; i < text.length; i++) {
    src.codes[i] = text.charCodeAt(i);
    src.from[i] = i;
    src.to[i] = i + 1;
  }
  src.length = text.length;
  const escaped = ESCAPE.test(text);
  for (let round = 0; escaped && round < MAX_ROUNDS && decodePass(src, dst); round++) [src, dst] = [dst, src];
  let o = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.codes[i]!;
    if (ignored(c)) continue;
    src.codes[o] = c;
    src.from[o] = src.from[i]!;
    src.to[o++] = src.to[i]!;
  }
  return { text: toText(src.codes, o), from: src.from, to: src.to };
}

export type Found = (start: number, end: number) => void;

export function occurrences(text: string, form: string, found: Found): void {
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) found(at, at + form.length);
}

// An escape just outside a secret can swallow its first or last characters (`\\` before `r`, `%` before two hex digits):
// a long form is found by its middle and then grown over whatever of its ends is still there.
export const HEAD = 6;
export const TAIL = 3;
export const LOOSE_MIN = 24;

export function looseOccurrences(text: string, form: string, found: Found): void {
  if (form.length < LOOSE_MIN) return occurrences(text, form, found);
  const core = form.slice(HEAD, form.length - TAIL);
  for (let at = text.indexOf(core); at >= 0; at = text.indexOf(core, at + 1)) {
    let start = at;
    for (let k = HEAD; k > 0 && start > 0 && text[start - 1] === form[k - 1]; k--) start--;
    let end = at + core.length;
    for (let k = form.length - TAIL; k < form.length && end < text.length && text[end] === form[k]; k++) end++;
    found(start, end);
  }
}

export function merged(spans: [number, number][]): [number, number][] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
