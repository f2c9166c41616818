// Offsets and abbreviations are refused even where Intl takes them: a zone follows its daylight-saving rules, an offset does not.
const IANA_NAME = /^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+)+)$/;

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    if (formats.size > 64) formats.clear();
    formats.set(timeZone, format);
  }
  return format;
};

// Offsets are whole quarter hours and change on quarter-hour instants: one reading serves its quarter.
const offsets = new Map<string, number>();

function zoneOffsetMinutes(instant: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  const key = `${timeZone}|${Math.floor(instant / 900_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = readOffsetMinutes(instant, timeZone);
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function readOffsetMinutes(instant: number, timeZone: string): number {
  const parts = formatIn(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

export function startOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let instant = wallMidnight - zoneOffsetMinutes(wallMidnight, timeZone) * 60_000;
  // Near a DST change the offset at the guess can differ from the offset at the answer.
  const corrected = wallMidnight - zoneOffsetMinutes(instant, timeZone) * 60_000;
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

export function endOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(startOfDayInZone(next, timeZone).getTime() - 1);
}

/** The instant a wall clock in the zone shows `HH:MM` on the day (YYYY-MM-DD). */
export function wallTimeInZone(day: string, time: string, timeZone: string): Date {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const midnight = startOfDayInZone(day, timeZone).getTime();
  const guess = midnight + (h * 60 + m) * 60_000;
  return new Date(guess - (zoneOffsetMinutes(guess, timeZone) - zoneOffsetMinutes(midnight, timeZone)) * 60_000);
}
