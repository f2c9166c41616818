// Fault injection rules for /v1 requests (control API: /__emulator/faults).
import type { FieldErrors } from "./reply";
import { isPlainObject } from "./reply";

export const FAULT_KINDS = ["respond", "malformed-json", "html", "drop", "drop-mid-body"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How a `respond` body spells its strings, as real producers do: PHP writes `\/`, .NET `\u002B`, some every character `\uXXXX`. */
export const ESCAPES = ["slash", "plus", "unicode"] as const;
export type Escape = (typeof ESCAPES)[number];

export const SPELLINGS = ["raw", "html-hex", "html-decimal", "html-named", "html-every", "percent-every", "plus-space", "base64-wrapped", "x-escape"] as const;
export type Spelling = (typeof SPELLINGS)[number];

export interface FaultRule {
  id: number;
  method: string | null;
  path: string | null;
  times: number | null;
  latencyMs: number;
  kind: FaultKind | null;
  status: number | null;
  hasBody: boolean;
  body: unknown;
  escape: Escape | null;
  spell: Spelling[] | null;
  apply: "before" | "after";
  retryAfter: string | null;
  hits: number;
}

export const MAX_LATENCY_MS = 120_000;

export class FaultTable {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(rule: Omit<FaultRule, "id" | "hits">): FaultRule {
    const r: FaultRule = { ...rule, id: this.nextId++, hits: 0 };
    this.rules.push(r);
    return r;
  }

  list(): FaultRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules = [];
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length !== before;
  }

  /** First rule (insertion order) that matches and has applications left; consumes one. */
  take(method: string, path: string): FaultRule | undefined {
    if (this.rules.length === 0) return undefined;
    for (const r of this.rules) {
      if (r.times !== null && r.times <= 0) continue;
      if (r.method !== null && r.method !== method) continue;
      if (r.path !== null && !path.startsWith(r.path)) continue;
      if (r.times !== null) r.times--;
      r.hits++;
      return r;
    }
    return undefined;
  }
}

export function describeRule(r: FaultRule): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: r.id,
    method: r.method,
    path: r.path,
    times: r.times,
    latencyMs: r.latencyMs,
    kind: r.kind,
    status: r.status,
    apply: r.apply,
    hits: r.hits,
  };
  if (r.hasBody) out.body = r.body;
  if (r.escape) out.escape = r.escape;
  if (r.spell) out.spell = r.spell;
  if (r.retryAfter !== null) out.retryAfter = r.retryAfter;
  return out;
}

const unicode = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** A string literal as JSON.stringify writes it, then re-spelt: only `/` and `+` (never part of an escape) or every unit. */
function spell(literal: string, escape: Escape): string {
  if (escape === "slash") return literal.replaceAll("/", "\\/");
  if (escape === "plus") return literal.replaceAll("+", "\\u002B");
  const text = JSON.parse(literal) as string;
  return `"${[...Array(text.length).keys()].map((i) => unicode(text[i]!)).join("")}"`;
}

export function escapedJson(value: unknown, escape: Escape | null): string {
  const text = JSON.stringify(value);
  if (text === undefined || escape === null) return text ?? "";
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => spell(literal, escape));
}

const NAMED: Record<string, string> = { "/": "&sol;", "+": "&plus;", "=": "&equals;", _: "&lowbar;", ".": "&period;", ":": "&colon;" };
const ALNUM = /[A-Za-z0-9]/;
const code = (c: string) => c.codePointAt(0)!;

export function spellToken(token: string, spelling: Spelling): string {
  const chars = [...token];
  const others = (f: (c: string) => string) => chars.map((c) => (ALNUM.test(c) ? c : f(c))).join("");
  switch (spelling) {
    case "raw":
      return token;
    case "html-hex":
      return others((c) => `&#x${code(c).toString(16)};`);
    case "html-decimal":
      return others((c) => `&#${code(c)};`);
    case "html-named":
      return others((c) => NAMED[c] ?? c);
    case "html-every":
      return chars.map((c) => `&#${code(c)};`).join("");
    case "percent-every":
      return [...Buffer.from(token, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    case "plus-space":
      return token.replaceAll("+", " ");
    case "base64-wrapped":
      // MIME wraps at 76 characters; 16 breaks even a short token's base64.
      return Buffer.from(token, "utf8").toString("base64").match(/.{1,16}/g)!.join("\r\n");
    case "x-escape":
      return others((c) => `\\x${code(c).toString(16).padStart(2, "0")}`);
  }
}

export function speltBody(value: unknown, token: string, spellings: readonly Spelling[] | null): unknown {
  if (spellings === null) return value;
  const spelt = spellings.map((s) => spellToken(token, s)).join(" ");
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.replaceAll(token, spelt);
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replaceAll(token, spelt), walk(x)]));
  };
  return walk(value);
}

export function parseFaultRule(
  v: unknown,
): { ok: true; rule: Omit<FaultRule, "id" | "hits"> } | { ok: false; errors: FieldErrors } {
  if (!isPlainObject(v)) return { ok: false, errors: { body: ["Kural bir JSON nesnesi olmalıdır."] } };
  const errors: FieldErrors = {};
  const rule: Omit<FaultRule, "id" | "hits"> = {
    method: null,
    path: null,
    times: null,
    latencyMs: 0,
    kind: null,
    status: null,
    hasBody: false,
    body: undefined,
    escape: null,
    spell: null,
    apply: "before",
    retryAfter: null,
  };

  if (v.method !== undefined && v.method !== null) {
    if (typeof v.method !== "string" || !/^[A-Za-z]+$/.test(v.method)) errors.method = ["method bir HTTP yöntemi olmalıdır."];
    else rule.method = v.method.toUpperCase();
  }
  if (v.path !== undefined && v.path !== null) {
    if (typeof v.path !== "string" || !v.path.startsWith("/")) errors.path = ["path '/' ile başlamalıdır."];
    else rule.path = v.path;
  }
  if (v.times !== undefined && v.times !== null) {
    if (!Number.isSafeInteger(v.times) || (v.times as number) < 1) errors.times = ["times pozitif bir tam sayı olmalıdır."];
    else rule.times = v.times as number;
  }
  if (v.latencyMs !== undefined && v.latencyMs !== null) {
    if (typeof v.latencyMs !== "number" || !Number.isFinite(v.latencyMs) || v.latencyMs < 0 || v.latencyMs > MAX_LATENCY_MS) {
      errors.latencyMs = [`latencyMs 0 ile ${MAX_LATENCY_MS} arasında bir sayı olmalıdır.`];
    } else rule.latencyMs = v.latencyMs;
  }
  if (v.kind !== undefined && v.kind !== null) {
    if (typeof v.kind !== "string" || !(FAULT_KINDS as readonly string[]).includes(v.kind)) {
      errors.kind = [`kind şunlardan biri olmalıdır: ${FAULT_KINDS.join(", ")}.`];
    } else rule.kind = v.kind as FaultKind;
  }
  if (v.status !== undefined && v.status !== null) {
    if (!Number.isInteger(v.status) || (v.status as number) < 200 || (v.status as number) > 599) {
      errors.status = ["status 200 ile 599 arasında bir tam sayı olmalıdır."];
    } else rule.status = v.status as number;
  }
  if ("body" in v && v.body !== undefined) {
    rule.hasBody = true;
    rule.body = v.body;
  }
  if (v.escape !== undefined && v.escape !== null) {
    if (typeof v.escape !== "string" || !(ESCAPES as readonly string[]).includes(v.escape)) {
      errors.escape = [`escape şunlardan biri olmalıdır: ${ESCAPES.join(", ")}.`];
    } else rule.escape = v.escape as Escape;
  }
  if (v.spell !== undefined && v.spell !== null) {
    const list = Array.isArray(v.spell) ? (v.spell as unknown[]) : [v.spell];
    if (list.length === 0 || list.length > SPELLINGS.length || !list.every((s) => typeof s === "string" && (SPELLINGS as readonly string[]).includes(s))) {
      errors.spell = [`spell şunlardan biri ya da listesi olmalıdır: ${SPELLINGS.join(", ")}.`];
    } else rule.spell = list as Spelling[];
  }
  if (v.apply !== undefined && v.apply !== null) {
    if (v.apply !== "before" && v.apply !== "after") errors.apply = ["apply 'before' veya 'after' olmalıdır."];
    else rule.apply = v.apply;
  }
  if (v.retryAfter !== undefined && v.retryAfter !== null) {
    const text = typeof v.retryAfter === "number" ? String(v.retryAfter) : v.retryAfter;
    if (typeof text !== "string" || !/^(?:\d{1,6}|[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT)$/.test(text)) {
      errors.retryAfter = ["retryAfter saniye sayısı ya da bir HTTP tarihi olmalıdır."];
    } else rule.retryAfter = text;
  }
  if (rule.kind === null && rule.latencyMs === 0 && !errors.kind && !errors.latencyMs) {
    errors.kind = ["kind veya latencyMs verilmelidir."];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, rule };
}
