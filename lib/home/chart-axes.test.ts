import { describe, expect, it } from "vitest";
import { axisSize, daySplits, timeSpace } from "@/lib/home/chart-axes";

// Axis labels keep all their digits and day labels never run together, on a phone as on a desktop.

const measure = (text: string) => text.length * 7;
const PHONE = 300;
const DESKTOP = 560;

describe("axisSize", () => {
  it("is wider than the widest label, so '10,000 ms' keeps its digits", () => {
    for (const labels of [["0 ms", "5,000 ms", "10,000 ms"], ["0", "1.250.000"], ["%0", "%100"]]) {
      const widest = Math.max(...labels.map(measure));
      expect(axisSize(labels, measure)).toBeGreaterThan(widest);
    }
    expect(axisSize(["0 ms", "125,000 ms"], measure)).toBeGreaterThan(axisSize(["0 ms", "50 ms"], measure));
  });
});

describe("daySplits", () => {
  const days = Array.from({ length: 14 }, (_, i) => i);
  for (const [name, width] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`leaves a label's width between day labels on a ${name}`, () => {
      const label = measure("28 Nov");
      const splits = daySplits(days, width, label);
      const perBar = width / days.length;
      for (let i = 1; i < splits.length; i++) expect((splits[i]! - splits[i - 1]!) * perBar).toBeGreaterThanOrEqual(label);
      expect(splits.at(-1)).toBe(13);
      expect(splits.length).toBeGreaterThan(1);
    });
  }
});

describe("timeSpace", () => {
  it("spaces clock labels wider than one label", () => {
    expect(timeSpace(measure("23:30"))).toBeGreaterThan(measure("23:30"));
  });
});
