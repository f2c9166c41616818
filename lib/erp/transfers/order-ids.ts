import { confusableDigits, ORDER_ID_MAX_LENGTH } from "@/lib/rules/ids";

// Order ids as people paste them, kept as typed strings (leading zeros and long ids survive: docs/upstream-api.md).

export const ORDER_FILE_MAX_BYTES = 2 * 1024 * 1024;

export type InvalidReason = "not_a_number" | "too_long";

export interface InvalidToken {
  token: string;
  reason: InvalidReason;
  count: number;
}

export interface ParsedOrderIds {
  ids: string[];
  validTokens: number;
  duplicatesRemoved: number;
  duplicateIds: string[];
  invalid: InvalidToken[];
  invalidTokens: number;
}

const SEPARATORS = /[\s,;\u00a0\u2007\u202f\ufeff]+/u;
const QUOTES = new Set(['"', "'", "\u201c", "\u201d", "\u2018", "\u2019"]);

// A scan from each end: a `[…]+$` regex is quadratic on a crafted run of quotes.
function unquote(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && QUOTES.has(raw[start]!)) start++;
  while (end > start && QUOTES.has(raw[end - 1]!)) end--;
  return raw.slice(start, end);
}

export function classifyOrderId(token: string): InvalidReason | null {
  if (!/^\d+$/.test(token)) return "not_a_number";
  if (token.length > ORDER_ID_MAX_LENGTH) return "too_long";
  return null;
}

export function parseOrderIds(text: string): ParsedOrderIds {
  const ids: string[] = [];
  const seen = new Map<string, number>();
  const invalid = new Map<string, InvalidToken>();
  let validTokens = 0;
  let invalidTokens = 0;

  for (const raw of text.split(SEPARATORS)) {
    const token = unquote(raw);
    if (token === "") continue;
    const reason = classifyOrderId(token);
    if (reason) {
      invalidTokens++;
      const known = invalid.get(token);
      if (known) known.count++;
      else invalid.set(token, { token, reason, count: 1 });
      continue;
    }
    validTokens++;
    const times = seen.get(token) ?? 0;
    if (times === 0) ids.push(token);
    seen.set(token, times + 1);
  }

  const duplicateIds = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  return {
    ids,
    validTokens,
    duplicatesRemoved: validTokens - ids.length,
    duplicateIds,
    invalid: [...invalid.values()],
    invalidTokens,
  };
}

export type OrderListProblem = "empty" | "only_invalid" | "too_many";

export function orderListProblem(parsed: ParsedOrderIds, maxOrdersPerRun: number): OrderListProblem | null {
  if (parsed.ids.length === 0) return parsed.invalidTokens > 0 ? "only_invalid" : "empty";
  if (parsed.ids.length > maxOrdersPerRun) return "too_many";
  return null;
}

export type FileProblem = "too_large" | "not_text";

/** An uploaded file as UTF-8 text; NUL bytes mean a binary format (XLSX, PDF). */
export function decodeOrderFile(bytes: Uint8Array): { text: string } | { problem: FileProblem } {
  if (bytes.byteLength > ORDER_FILE_MAX_BYTES) return { problem: "too_large" };
  if (bytes.includes(0)) return { problem: "not_text" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { problem: "not_text" };
  }
}

export function batchCount(orders: number, batchSize: number): number {
  return Math.ceil(orders / batchSize);
}

/** A typo the paste looks like it holds: a letter for a digit, or one id split by a space; `from` as typed, `to` as offered. */
export interface TypoFix {
  kind: "confusable" | "split";
  from: string;
  to: string;
  marks: number[];
}

// Below this length, a run of digits is more likely part of an id than an id.
const SHORT_PART = 5;
const SEPARATOR_CLASS = "\\s,;\"'\\u00a0\\u2007\\u202f\\ufeff\\u201c\\u201d\\u2018\\u2019";

export function typoFixes(text: string): TypoFix[] {
  const fixes = new Map<string, TypoFix>();
  for (const raw of text.split(SEPARATORS)) {
    const token = unquote(raw);
    const fix = classifyOrderId(token) === "not_a_number" ? confusableDigits(token) : null;
    if (fix && !fixes.has(token)) fixes.set(token, { kind: "confusable", from: token, to: fix.fixed, marks: fix.marks });
  }
  const lengths = new Map<number, number>();
  for (const raw of text.split(SEPARATORS)) if (/^\d+$/.test(raw) && raw.length >= SHORT_PART) lengths.set(raw.length, (lengths.get(raw.length) ?? 0) + 1);
  const typical = [...lengths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  for (const line of text.split(/\r?\n/)) {
    for (const m of line.matchAll(/(?<!\S)(\d+) (\d+)(?!\S)/g)) {
      const [from, a, b] = [m[0], m[1]!, m[2]!];
      const joined = a + b;
      const fits = typical ? a.length < typical && b.length < typical && joined.length === typical : a.length < SHORT_PART && b.length < SHORT_PART && joined.length >= SHORT_PART;
      if (fits && !fixes.has(from)) fixes.set(from, { kind: "split", from, to: joined, marks: [a.length] });
    }
  }
  return [...fixes.values()].sort((x, y) => text.indexOf(x.from) - text.indexOf(y.from));
}

export function applyTypoFix(text: string, fix: Pick<TypoFix, "from" | "to">): string {
  const escaped = fix.from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![^${SEPARATOR_CLASS}])${escaped}(?![^${SEPARATOR_CLASS}])`, "gu"), fix.to);
}
