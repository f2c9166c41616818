import { describe, expect, it } from "vitest";
import { isTimeZone, startOfDayInZone, wallTimeInZone } from "@/lib/rules/time-zone";

describe("isTimeZone", () => {
  it("takes IANA zone names the runtime knows", () => {
    for (const zone of ["Europe/Istanbul", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+3", "Asia/Kolkata", "UTC"]) expect(isTimeZone(zone), zone).toBe(true);
  });

  it("refuses offsets and abbreviations even where Intl takes them, and names it does not know", () => {
    for (const zone of ["-13", "+03:00", "+0300", "EST", "utc", "Mars/Olympus", "Europe/Istanbull", "", "Europe/", "/Istanbul", "Europe/Istanbul\u0000"]) expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe("wall clocks in a zone", () => {
  it("follow the zone's daylight-saving change within one day, in either order of asking", () => {
    const berlin = ["00:30", "01:30", "03:30", "23:30"].map((t) => wallTimeInZone("2026-03-29", t, "Europe/Berlin").toISOString());
    expect(berlin).toEqual(["2026-03-28T23:30:00.000Z", "2026-03-29T00:30:00.000Z", "2026-03-29T01:30:00.000Z", "2026-03-29T21:30:00.000Z"]);
    expect(wallTimeInZone("2026-10-25", "12:00", "Europe/Berlin").toISOString()).toBe("2026-10-25T11:00:00.000Z");
    expect(wallTimeInZone("2026-10-25", "00:30", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:30:00.000Z");
    expect(startOfDayInZone("2026-11-28", "Asia/Kolkata").toISOString()).toBe("2026-11-27T18:30:00.000Z");
    expect(wallTimeInZone("2026-11-28", "23:30", "UTC").toISOString()).toBe("2026-11-28T23:30:00.000Z");
  });
});
