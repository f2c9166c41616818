import { describe, expect, it } from "vitest";
import { endOfDayInZone, startOfDayInZone, toAuditFilter } from "@/lib/activity/dates";

describe("calendar days in the display time zone", () => {
  it("Istanbul (UTC+3)", () => {
    expect(startOfDayInZone("2024-05-01", "Europe/Istanbul").toISOString()).toBe("2024-04-30T21:00:00.000Z");
    expect(endOfDayInZone("2024-05-01", "Europe/Istanbul").toISOString()).toBe("2024-05-01T20:59:59.999Z");
  });

  it("UTC", () => {
    expect(startOfDayInZone("2024-02-29", "UTC").toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(endOfDayInZone("2024-12-31", "UTC").toISOString()).toBe("2024-12-31T23:59:59.999Z");
  });

  it("days around a daylight-saving change (Berlin, 31 March 2024 is 23 hours long)", () => {
    expect(startOfDayInZone("2024-03-31", "Europe/Berlin").toISOString()).toBe("2024-03-30T23:00:00.000Z");
    expect(endOfDayInZone("2024-03-31", "Europe/Berlin").toISOString()).toBe("2024-03-31T21:59:59.999Z");
    expect(startOfDayInZone("2024-10-27", "Europe/Berlin").toISOString()).toBe("2024-10-26T22:00:00.000Z");
  });
});

describe("toAuditFilter", () => {
  it("maps filters and bounds the days", () => {
    expect(
      toAuditFilter(
        { actor: "a@b.io", action: "auth.sign_in", target: "member:3", targetType: "member", targetId: "3", from: "2024-05-01", to: "2024-05-02", outcome: "failure" },
        "Europe/Istanbul",
      ),
    ).toEqual({
      actor: "a@b.io",
      action: "auth.sign_in",
      targetType: "member",
      targetId: "3",
      from: "2024-04-30T21:00:00.000Z",
      to: "2024-05-02T20:59:59.999Z",
      outcome: "failure",
    });
  });

  it("caps the end at notAfter when that is earlier", () => {
    const now = new Date("2024-05-02T10:00:00.000Z");
    expect(toAuditFilter({}, "UTC", now)).toEqual({ to: "2024-05-02T10:00:00.000Z" });
    expect(toAuditFilter({ to: "2024-05-01" }, "UTC", now)).toEqual({ to: "2024-05-01T23:59:59.999Z" });
    expect(toAuditFilter({ to: "2024-05-03" }, "UTC", now)).toEqual({ to: "2024-05-02T10:00:00.000Z" });
  });
});
