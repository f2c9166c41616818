import { describe, expect, it } from "vitest";
import { judgeFreshness, type FreshnessRule } from "@/lib/alerts/freshness";

const T0 = new Date("2026-11-26T00:00:00Z");
const h = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const rule = (over: Partial<FreshnessRule> = {}): FreshnessRule => ({ kind: "stock", hours: 6, since: T0, alertedAt: null, ...over });

describe("a freshness rule", () => {
  it("a kind that never ran counts from when the rule was set, stale at exactly its hours", () => {
    expect(judgeFreshness(rule(), null, h(5.99))).toEqual({ stale: false, from: T0, alert: false });
    expect(judgeFreshness(rule(), null, h(6))).toEqual({ stale: true, from: T0, alert: true });
  });

  it("counts from the last start, even one before the rule was set", () => {
    expect(judgeFreshness(rule({ since: h(10) }), h(4), h(10))).toEqual({ stale: true, from: h(4), alert: true });
    expect(judgeFreshness(rule(), h(3), h(8.5))).toEqual({ stale: false, from: h(3), alert: false });
    expect(judgeFreshness(rule(), h(3), h(9))).toMatchObject({ stale: true, alert: true });
  });

  it("alerts once per stale spell, and again in the next spell after a new start", () => {
    const alerted = rule({ alertedAt: h(6) });
    expect(judgeFreshness(alerted, null, h(30))).toEqual({ stale: true, from: T0, alert: false });
    expect(judgeFreshness(alerted, h(7), h(12))).toMatchObject({ stale: false, alert: false });
    expect(judgeFreshness(alerted, h(7), h(13))).toEqual({ stale: true, from: h(7), alert: true });
  });

  it("is off at zero hours", () => {
    expect(judgeFreshness(rule({ hours: 0 }), null, h(1000))).toMatchObject({ stale: false, alert: false });
  });
});
