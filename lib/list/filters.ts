import { DATE_SCHEMA, optional, readEmail } from "@/lib/list/base";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(0);
  // Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear takes them as written.
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// An API key acts as "key <name>, created by …" (lib/apikeys): its events are asked for as key:<name>.
const KEY_ACTOR = /^key:[^\p{Cc},%_\\]{1,100}$/u;
export const readActor = (v: string) => readEmail(v) ?? (KEY_ACTOR.test(v.trim()) ? v.trim() : null);

export const invertedDates = (s: { from?: string; to?: string }) => Boolean(s.from && s.to && s.from > s.to);

export const dateField = optional((v) => (isCalendarDate(v) ? v : null), "validation.date", DATE_SCHEMA);
