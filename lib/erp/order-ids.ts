// Reading a list of order ids as people paste it: a spreadsheet column, a comma- or
// semicolon-separated line, a CSV/TXT file's text. Ids stay strings exactly as typed (upstream-api.md:
// never coerce, leading zeros and long ids must survive). Shared by the browser (preview) and the
// route handler (which validates again with the same rules).

/** Digits only, 1 to 20 characters. */
export const ORDER_ID_PATTERN = /^\d{1,20}$/;
export const ORDER_ID_MAX_LENGTH = 20;
/** The largest file the browser reads for ids. */
export const ORDER_FILE_MAX_BYTES = 2 * 1024 * 1024;

export type InvalidReason = "not_a_number" | "too_long";

export interface InvalidToken {
  token: string;
  reason: InvalidReason;
  /** How many times this token appears (it is listed once). */
  count: number;
}

export interface ParsedOrderIds {
  /** Unique valid ids, in the order of their first appearance. */
  ids: string[];
  /** Valid tokens seen (with repeats). */
  validTokens: number;
  /** Repeats of a valid id that were dropped. */
  duplicatesRemoved: number;
  /** Distinct ids that appeared more than once. */
  duplicateIds: string[];
  invalid: InvalidToken[];
  /** Total count of invalid tokens (with repeats). */
  invalidTokens: number;
}

// New lines, commas, semicolons, tabs and spaces (including no-break and other Unicode spaces).
const SEPARATORS = /[\s,;\u00a0\u2007\u202f\ufeff]+/u;
// Quotes around a CSV cell, straight or typographic.
const QUOTES = new Set(['"', "'", "\u201c", "\u201d", "\u2018", "\u2019"]);

// A scan from each end, not a regex: `[…]+$` retries from every position of a long run of quotes,
// which is quadratic on a crafted file.
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

/** Splits, unquotes, de-duplicates and classifies every token of a pasted text or file. */
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

/** Why a parsed list cannot be sent as it is (null when it can). */
export function orderListProblem(parsed: ParsedOrderIds, maxOrdersPerRun: number): OrderListProblem | null {
  if (parsed.ids.length === 0) return parsed.invalidTokens > 0 ? "only_invalid" : "empty";
  if (parsed.ids.length > maxOrdersPerRun) return "too_many";
  return null;
}

export type FileProblem = "too_large" | "not_text";

/**
 * Decodes an uploaded file as UTF-8 text, refusing what is not text: over 2 MB, NUL bytes
 * (binary formats such as XLSX or PDF), or bytes that are not valid UTF-8.
 */
export function decodeOrderFile(bytes: Uint8Array): { text: string } | { problem: FileProblem } {
  if (bytes.byteLength > ORDER_FILE_MAX_BYTES) return { problem: "too_large" };
  if (bytes.includes(0)) return { problem: "not_text" };
  try {
    // A leading byte order mark is dropped by the decoder.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { problem: "not_text" };
  }
}

/** Batches needed for a count of ids. */
export function batchCount(orders: number, batchSize: number): number {
  return Math.ceil(orders / batchSize);
}
