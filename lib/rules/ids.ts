export const POSITIVE_ID_PATTERN = /^[1-9]\d{0,15}$/;
export const WAREHOUSE_ID_PATTERN = POSITIVE_ID_PATTERN;
export const MEMBER_ID_PATTERN = POSITIVE_ID_PATTERN;

/** The number a positive id stands for, or null (16 digits can exceed Number.MAX_SAFE_INTEGER). */
export function parsePositiveId(text: string): number | null {
  if (!POSITIVE_ID_PATTERN.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** Order ids stay strings exactly as typed: digits only, leading zeros and long ids survive. */
export const ORDER_ID_MAX_LENGTH = 20;

export const CLIENT_REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export const AUDIT_TARGET_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;

// Letters a hand or a font mistakes for digits in an id: O for 0; l, I and the Turkish dotless ı for 1.
export const CONFUSABLE_DIGITS: Readonly<Record<string, string>> = { O: "0", o: "0", l: "1", I: "1", ı: "1", i: "1", "İ": "1" };

export function confusableDigits(token: string): { fixed: string; marks: number[] } | null {
  const chars = [...token];
  const marks = chars.flatMap((c, i) => (c in CONFUSABLE_DIGITS ? [i] : []));
  if (!marks.length || marks.length === chars.length || !chars.every((c) => /\d/.test(c) || c in CONFUSABLE_DIGITS)) return null;
  const fixed = chars.map((c) => CONFUSABLE_DIGITS[c] ?? c).join("");
  return fixed.length <= ORDER_ID_MAX_LENGTH ? { fixed, marks } : null;
}
