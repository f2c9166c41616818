import { describe, expect, it } from "vitest";
import { coveredTime, maxOverlap, median, percentile } from "@/scripts/bench/stats";

describe("bench stats", () => {
  it("takes medians and nearest-rank percentiles", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([5], 99)).toBe(5);
    expect(median([])).toBeNaN();
  });

  it("counts the most intervals open at once; touching ends do not overlap", () => {
    expect(maxOverlap([])).toBe(0);
    expect(maxOverlap([{ start: 0, end: 10 }, { start: 10, end: 20 }])).toBe(1);
    expect(
      maxOverlap([
        { start: 0, end: 10 },
        { start: 2, end: 8 },
        { start: 5, end: 12 },
        { start: 11, end: 13 },
      ]),
    ).toBe(3);
  });

  it("measures the union of intervals", () => {
    expect(coveredTime([{ start: 0, end: 10 }, { start: 5, end: 15 }, { start: 20, end: 25 }])).toBe(20);
  });
});
