// A time of day typed by hand, read the same whatever the browser's language: 24-hour "HH:MM".

export const CLOCK_PATTERN = "([01][0-9]|2[0-3]):[0-5][0-9]";

/** "7" → "07:00", "730" / "7.30" / "7:30" → "07:30", "2359" → "23:59"; null when it is no time of day. */
export function normalizeClock(text: string): string | null {
  const m = /^\s*(\d{1,2})(?:[:.\s]?(\d{2}))?\s*$/.exec(text) ?? /^\s*(\d{1,2})(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
