import { describe, expect, it } from "vitest";
import { dayKey, formatClock, formatDate, formatDateTime, formatRelative } from "@/lib/i18n/datetime";

const AT = "2026-11-26T06:30:00Z";

describe("one date-time format per language", () => {
  it("writes the account's clock with its zone, in each language's pattern", () => {
    expect(formatDateTime(AT, "en", "Europe/Istanbul")).toBe("26 Nov 2026, 09:30 GMT+3");
    expect(formatDateTime(AT, "tr", "Europe/Istanbul")).toBe("26 Kas 2026 09:30 GMT+3");
    expect(formatDateTime(AT, "en", "UTC")).toBe("26 Nov 2026, 06:30 GMT");
    expect(formatDateTime("2026-07-01T23:05:00Z", "tr", "America/New_York")).toBe("1 Tem 2026 19:05 GMT-4");
  });

  it("uses 24-hour time and the zone's calendar day", () => {
    expect(formatClock("2026-11-26T21:15:00Z", "en", "Europe/Istanbul")).toBe("00:15");
    expect(formatDate("2026-11-26T21:15:00Z", "en", "Europe/Istanbul")).toBe("27 Nov 2026");
    expect(dayKey("2026-11-26T21:15:00Z", "Europe/Istanbul")).toBe("2026-11-27");
  });
});

describe("relative times", () => {
  const now = Date.parse(AT);
  it("counts back and forward in the reader's language", () => {
    expect(formatRelative(now - 2 * 60_000, now, "en")).toBe("2 minutes ago");
    expect(formatRelative(now - 2 * 60_000, now, "tr")).toBe("2 dakika önce");
    expect(formatRelative(now - 3 * 3_600_000, now, "en")).toBe("3 hours ago");
    expect(formatRelative(now + 5 * 60_000, now, "en")).toBe("in 5 minutes");
  });

  it("says nothing numeric within a minute either way: a clock a few seconds ahead is not 'in 2 seconds'", () => {
    expect(formatRelative(now + 2_000, now, "en")).toBeNull();
    expect(formatRelative(now - 30_000, now, "en")).toBeNull();
    expect(formatRelative(now - 61_000, now, "en")).toBe("1 minute ago");
    expect(formatRelative(now - 115_000, now, "en")).toBe("2 minutes ago");
  });
});
