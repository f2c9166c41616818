import type { Locale } from "@/lib/i18n/config";

// One way to show a time: the same pattern per language, on the account's clock, with its zone.

type Parts = Record<"day" | "month" | "year" | "hour" | "minute" | "timeZoneName", string>;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "shortOffset" });
    cache.set(key, f);
  }
  return f;
}

function parts(at: Date | string | number, locale: Locale, timeZone: string): Parts {
  const out: Partial<Parts> = {};
  for (const p of formatter(locale, timeZone).formatToParts(new Date(at))) if (p.type in PART_TYPES) out[p.type as keyof Parts] = p.value;
  // ICU builds differ ("GMT" or "GMT+0"): server and browser must print the same text.
  if (out.timeZoneName === "GMT+0") out.timeZoneName = "GMT";
  return out as Parts;
}
const PART_TYPES = { day: 1, month: 1, year: 1, hour: 1, minute: 1, timeZoneName: 1 };

const PATTERN: Record<Locale, { date: (p: Parts) => string; join: string }> = {
  en: { date: (p) => `${p.day} ${p.month} ${p.year}`, join: ", " },
  tr: { date: (p) => `${p.day} ${p.month} ${p.year}`, join: " " },
};

export function formatDate(at: Date | string | number, locale: Locale, timeZone: string): string {
  return PATTERN[locale].date(parts(at, locale, timeZone));
}

export function formatDayMonth(at: Date | string | number, locale: Locale, timeZone: string): string {
  const p = parts(at, locale, timeZone);
  return `${p.day} ${p.month}`;
}

export function formatClock(at: Date | string | number, locale: Locale, timeZone: string): string {
  const p = parts(at, locale, timeZone);
  return `${p.hour}:${p.minute}`;
}

export function zoneName(at: Date | string | number, locale: Locale, timeZone: string): string {
  return parts(at, locale, timeZone).timeZoneName;
}

/** The zone for a column of times: its offset as the page writes it ("GMT+3"), or where summer time moves it, its name in the reader's language. */
export function zoneLabel(now: Date, locale: Locale, timeZone: string): string {
  const year = now.getUTCFullYear();
  const [winter, summer] = [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)].map((at) => zoneName(at, locale, timeZone));
  if (winter === summer) return zoneName(now, locale, timeZone);
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" }).formatToParts(now).find((p) => p.type === "timeZoneName")!.value;
}

/** "26 Nov 2026, 09:30 GMT+3" / "26 Kas 2026 09:30 GMT+3". */
export function formatDateTime(at: Date | string | number, locale: Locale, timeZone: string): string {
  const p = parts(at, locale, timeZone);
  return `${PATTERN[locale].date(p)}${PATTERN[locale].join}${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** The calendar day (YYYY-MM-DD) a moment falls on in a zone. */
export function dayKey(at: Date | string | number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(new Date(at));
}

// Clocks disagree by a few seconds (server and browser, a quantized tick): a moment this close is "just now".
export const JUST_NOW_MS = 60_000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "2 minutes ago" / "2 dakika önce", "in 3 hours"; null when within a minute either way (the caller says "just now"). */
export function formatRelative(at: Date | string | number, now: number, locale: Locale): string | null {
  const diff = new Date(at).getTime() - now;
  if (Math.abs(diff) < JUST_NOW_MS) return null;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms || unit === "minute") return rtf.format(Math.round(diff / ms), unit);
  return null;
}
