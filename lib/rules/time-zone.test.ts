import { describe, expect, it } from "vitest";
import { isTimeZone } from "@/lib/rules/time-zone";

describe("isTimeZone", () => {
  it("takes IANA zone names the runtime knows", () => {
    for (const zone of ["Europe/Istanbul", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+3", "Asia/Kolkata", "UTC"]) expect(isTimeZone(zone), zone).toBe(true);
  });

  it("refuses offsets and abbreviations even where Intl takes them, and names it does not know", () => {
    for (const zone of ["-13", "+03:00", "+0300", "EST", "utc", "Mars/Olympus", "Europe/Istanbull", "", "Europe/", "/Istanbul", "Europe/Istanbul\u0000"]) expect(isTimeZone(zone), zone).toBe(false);
  });
});
