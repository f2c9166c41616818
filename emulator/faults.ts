// Fault injection rules for /v1 requests (control API: /__emulator/faults).
import type { FieldErrors } from "./reply";
import { isPlainObject } from "./reply";

export const FAULT_KINDS = ["respond", "malformed-json", "html", "drop", "drop-mid-body"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How a `respond` body spells its strings, as real producers do: PHP writes `\/`, .NET `\u002B`, some every character `\uXXXX`. */
export const ESCAPES = ["slash", "plus", "unicode"] as const;
export type Escape = (typeof ESCAPES)[number];

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
  apply: "before" | "after";
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
    apply: "before",
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
  if (v.apply !== undefined && v.apply !== null) {
    if (v.apply !== "before" && v.apply !== "after") errors.apply = ["apply 'before' veya 'after' olmalıdır."];
    else rule.apply = v.apply;
  }
  if (rule.kind === null && rule.latencyMs === 0 && !errors.kind && !errors.latencyMs) {
    errors.kind = ["kind veya latencyMs verilmelidir."];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, rule };
}
