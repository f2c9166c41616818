import { describe, expect, it } from "vitest";
import { outageTargets, paceOf, sentOnce, type OutagesResult } from "@/scripts/bench/outages";

describe("outages bench figures", () => {
  it("reads the pace from the gaps between sends, not the sends: 101 sends 0.5 s apart are 120 a minute", () => {
    const sends = Array.from({ length: 101 }, (_, i) => 1_000_000 + i * 500);
    expect(paceOf(sends.reverse(), 120)).toMatchObject({ batches: 101, spanS: 50, achievedPerMinute: 120, deviationPct: 0, gapP50Ms: 500, gapMaxMs: 500 });
  });

  it("says a slower drain as a negative deviation and a faster one as positive", () => {
    const slow = Array.from({ length: 11 }, (_, i) => i * 600);
    expect(paceOf(slow, 120).deviationPct).toBeCloseTo(-16.67, 2);
    const fast = Array.from({ length: 11 }, (_, i) => i * 400);
    expect(paceOf(fast, 120).deviationPct).toBe(25);
  });

  it("counts ids missing, sent twice, and sent without being expected", () => {
    expect(sentOnce(["a", "b", "c"], ["c", "a", "b"])).toEqual({ missing: 0, twice: 0, strangers: 0 });
    expect(sentOnce(["a", "b", "c"], ["a", "a", "x"])).toEqual({ missing: 2, twice: 1, strangers: 1 });
  });

  it("misses the pace target beyond 10 % and the breaker target beyond 3 failed batches", () => {
    const result = (deviationPct: number, failed: number) =>
      ({
        breaker: { failedBatchesOnTheWire: failed, by: "breaker" },
        drain: { orders: 10_000, configuredPerMinute: 120, deviationPct, sent: { missing: 0, twice: 0, strangers: 0 }, queueLeft: 0 },
        stream: { p95S: 12, unsettled: 0, apiAgreesOnSample: true },
      }) as unknown as OutagesResult;
    expect(outageTargets(result(-9.9, 3)).map((t) => t.met)).toEqual([true, true, true, true]);
    expect(outageTargets(result(10.5, 4)).map((t) => t.met)).toEqual([false, true, true, false]);
    expect(outageTargets(result(-10.5, 1))[0]!.met).toBe(false);
  });
});
