import { describe, expect, it } from "vitest";
import { CLOCK_PATTERN, normalizeClock } from "@/lib/rules/clock";

describe("a typed time of day", () => {
  it("reads the usual ways of writing a 24-hour time", () => {
    expect(normalizeClock("7")).toBe("07:00");
    expect(normalizeClock("07:30")).toBe("07:30");
    expect(normalizeClock("7:30")).toBe("07:30");
    expect(normalizeClock("7.30")).toBe("07:30");
    expect(normalizeClock("730")).toBe("07:30");
    expect(normalizeClock(" 2359 ")).toBe("23:59");
    expect(normalizeClock("00:00")).toBe("00:00");
  });

  it("refuses what is no time of day, so the form can say so", () => {
    for (const bad of ["24:00", "7:60", "11:00 PM", "", "ab", "12345", "-1"]) expect(normalizeClock(bad), bad).toBeNull();
  });

  it("the input's pattern accepts exactly the normalized times", () => {
    const re = new RegExp(`^(?:${CLOCK_PATTERN})$`);
    expect(re.test("23:59")).toBe(true);
    expect(re.test("24:00")).toBe(false);
    expect(re.test("7:30")).toBe(false);
  });
});
