// The one secret redactor (log, upstream client and every boundary text leaves by), plain JavaScript so it runs anywhere.

/** Shorter base64 fragments would match ordinary text; tokens are long. */
const MIN_FRAGMENT = 8;
const MIN_SECRET = 4;

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Spellings a secret is echoed in (as is, URL-encoded, base64 at any alignment, hex), longest first so none cuts another. */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET) return [];
  const bytes = new TextEncoder().encode(secret);
  const forms = new Set([secret, encodeURIComponent(secret), hex(bytes), hex(bytes).toUpperCase()]);
  for (const offset of [0, 1, 2]) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const std = base64(padded).replace(/=+$/, "");
    // Only the characters that depend on the secret's bytes alone.
    const fragment = std.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    for (const f of [fragment, fragment.replace(/\+/g, "-").replace(/\//g, "_")]) if (f.length >= MIN_FRAGMENT) forms.add(f);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

// encodeURIComponent leaves these as they are; any other character may come percent-encoded.
const UNRESERVED = /^[A-Za-z0-9\-_.!~*'()]$/;
const literal = (unit: string) => unit.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
const anyCase = (digit: string) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit);

function jsonUnit(unit: string): string {
  const code = unit.charCodeAt(0).toString(16).padStart(4, "0");
  const ways = [literal(unit), `\\\\u${[...code].map(anyCase).join("")}`];
  if (unit === "/") ways.push("\\\\\\/");
  if (unit === '"' || unit === "\\") ways.push(`\\\\${literal(unit)}`);
  return `(?:${ways.join("|")})`;
}

const jsonHexDigit = (d: string) => (/[a-f]/i.test(d) ? `(?:${jsonUnit(d.toLowerCase())}|${jsonUnit(d.toUpperCase())})` : jsonUnit(d));

function charPattern(char: string): string {
  const plain = [...Array(char.length).keys()].map((i) => jsonUnit(char[i]!)).join("");
  if (UNRESERVED.test(char)) return plain;
  const bytes = new TextEncoder().encode(char);
  const percent = [...bytes].map((b) => {
    const [hi, lo] = b.toString(16).padStart(2, "0");
    return jsonUnit("%") + jsonHexDigit(hi!) + jsonHexDigit(lo!);
  });
  return `(?:${plain}|${percent.join("")})`;
}

function formsPattern(forms: readonly string[]): RegExp | null {
  if (forms.length === 0) return null;
  return new RegExp(forms.map((form) => [...form].map(charPattern).join("")).join("|"), "g");
}

export const REDACTED = "[redacted]";
const BEARER = /(bearer\s+)[^\s"',]+/gi;
const SHORTEST_BEARER = 8;

type Json = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Json => typeof v === "object" && v !== null;

export class Redactor {
  private forms: string[] = [];
  private pattern: RegExp | null = null;
  private shortest = SHORTEST_BEARER;

  add(secret: string | undefined): void {
    if (!secret) return;
    const added = secretForms(secret).filter((f) => !this.forms.includes(f));
    if (added.length === 0) return;
    this.forms = [...this.forms, ...added].sort((a, b) => b.length - a.length);
    this.pattern = formsPattern(this.forms);
    this.shortest = Math.min(SHORTEST_BEARER, this.forms[this.forms.length - 1]!.length);
  }

  redact(text: string): string {
    if (text.length < this.shortest) return text;
    const out = this.pattern ? text.replace(this.pattern, REDACTED) : text;
    return out.replace(BEARER, `$1${REDACTED}`);
  }

  /** A parsed JSON value, in place: every string and every key. Iterative, so an answer of any depth is walked. */
  redactJson<T>(value: T): T {
    if (typeof value === "string") return this.redact(value) as T;
    const stack: Json[] = isContainer(value) ? [value] : [];
    // A page of rows repeats the same keys: each is checked once.
    const keys = new Map<string, string>();
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const v = node[i];
          if (typeof v === "string") node[i] = this.redact(v);
          else if (isContainer(v)) stack.push(v);
        }
        continue;
      }
      for (const key of Object.keys(node)) {
        const v = node[key];
        let safeKey = keys.get(key);
        if (safeKey === undefined) keys.set(key, (safeKey = this.redact(key)));
        if (safeKey !== key) {
          delete node[key];
          node[safeKey] = v;
        }
        if (typeof v === "string") node[safeKey] = this.redact(v);
        else if (isContainer(v)) stack.push(v);
      }
    }
    return value;
  }

  stringify(value: unknown): string | undefined {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.stringify(this.redactJson(JSON.parse(text) as unknown));
  }

  copy<T>(value: T): T {
    const text = this.stringify(value);
    return text === undefined ? value : (JSON.parse(text) as T);
  }
}

// One redactor per process, on globalThis: bundles may hold several copies of this module.
const PROCESS = Symbol.for("labs-console.secret-redactor");

export function processRedactor(): Redactor {
  const g = globalThis as { [PROCESS]?: Redactor };
  return (g[PROCESS] ??= new Redactor());
}

export function redactSecrets(text: string): string {
  return processRedactor().redact(text);
}

export function redactSecretsIn<T>(value: T): T {
  return processRedactor().copy(value);
}
