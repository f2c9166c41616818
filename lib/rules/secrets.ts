// The one secret redactor (log, upstream client and every boundary text leaves by), plain JavaScript so it runs anywhere.

import { ALTERED, ESCAPE, HEAD, IGNORED_RUN, LOOSE_MIN, TAIL, WINDOW, canonical, looseOccurrences, merged, occurrences } from "./secret-text";

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

export const REDACTED = "[redacted]";
const BEARER = /(bearer\s+)[^\s"',]+/gi;
const SHORTEST_BEARER = 8;

type Json = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Json => typeof v === "object" && v !== null;

export class Redactor {
  private forms: string[] = [];
  private canonicalForms: string[] = [];
  private shortest = SHORTEST_BEARER;
  private overlap = 0;
  /** Grows with every secret added: a cache of redacted text is good while it stays the same. */
  version = 0;

  add(secret: string | undefined): void {
    if (!secret) return;
    const added = secretForms(secret).filter((f) => !this.forms.includes(f));
    if (added.length === 0) return;
    this.version++;
    this.forms = [...this.forms, ...added].sort((a, b) => b.length - a.length);
    const canonicalForms = new Set(this.forms.map((f) => canonical(f).text).filter((f) => f.length >= MIN_SECRET));
    this.canonicalForms = [...canonicalForms].sort((a, b) => b.length - a.length);
    this.shortest = Math.min(SHORTEST_BEARER, ...this.forms.map((f) => f.length), ...this.canonicalForms.map((f) => f.length));
    // Room for a form whose every character is written as a long escape, with line breaks between.
    this.overlap = 32 * this.forms[0]!.length + 1024;
  }

  private spansIn(text: string, start: number, end: number, spans: [number, number][]): void {
    const slice = start === 0 && end === text.length ? text : text.slice(start, end);
    if (!ALTERED.test(slice)) {
      for (const form of this.canonicalForms) looseOccurrences(slice, form, (a, b) => spans.push([start + a, start + b]));
      return;
    }
    // Without escapes the canonical copy is the text squeezed: the source map is built only for a text that holds a form.
    if (!ESCAPE.test(slice)) {
      const squeezed = slice.replace(IGNORED_RUN, "");
      if (!this.canonicalForms.some((form) => squeezed.includes(form.length < LOOSE_MIN ? form : form.slice(HEAD, form.length - TAIL)))) return;
    }
    const read = canonical(slice);
    for (const form of this.canonicalForms) {
      looseOccurrences(read.text, form, (a, b) => spans.push([start + read.from[a]!, start + read.to[b - 1]!]));
    }
  }

  redact(text: string): string {
    if (text.length < this.shortest) return text;
    const spans: [number, number][] = [];
    for (const form of this.forms) occurrences(text, form, (a, b) => spans.push([a, b]));
    if (this.canonicalForms.length > 0) {
      for (let start = 0; start < text.length; start += WINDOW) {
        this.spansIn(text, start, Math.min(text.length, start + WINDOW + this.overlap), spans);
        if (start + WINDOW + this.overlap >= text.length) break;
      }
    }
    let out = text;
    if (spans.length > 0) {
      const parts: string[] = [];
      let at = 0;
      for (const [a, b] of merged(spans)) {
        parts.push(text.slice(at, a), REDACTED);
        at = b;
      }
      parts.push(text.slice(at));
      out = parts.join("");
    }
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
