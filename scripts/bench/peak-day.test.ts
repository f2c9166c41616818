import { describe, expect, it } from "vitest";
import { chunks, peakDayTargets, queueAges, sideFigures, sideOrder, type PeakDayResult, type SegmentFigures } from "@/scripts/bench/peak-day";

describe("peak-day bench figures", () => {
  it("cuts the ids into pushes, the last one short", () => {
    expect(chunks(["a", "b", "c", "d", "e"], 2)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(chunks(Array.from({ length: 50_000 }, (_, i) => i), 25)).toHaveLength(2_000);
  });

  it("interleaves the sides ABBA, each as often as the other", () => {
    expect(sideOrder(4)).toEqual(["one", "two", "two", "one", "one", "two", "two", "one"]);
  });

  it("ages each order from its push's answer to its outcome, and counts the ones without an outcome", () => {
    const answered = new Map(Array.from({ length: 100 }, (_, i) => [`o${i}`, 1_000]));
    const settled = new Map(Array.from({ length: 99 }, (_, i) => [`o${i}`, 1_000 + (i + 1) * 100]));
    expect(queueAges(answered, settled)).toEqual({ unsettled: 1, p50S: 5, p99S: 9.9, maxS: 9.9 });
  });

  it("reads a side's rate over its segments' summed wall time, not as a mean of the segments' rates", () => {
    const segment = (pushes: number, wallMs: number, machineMs: number): SegmentFigures => ({ side: "one", pushes, wallMs, latencies: [10, 20, 30], lockWaiting: [pushes / 100, 3], cpu: { machineMs, processes: { consoleA: wallMs / 2, consoleB: 0, emulator: 0, postgres: wallMs / 4, bench: 100 } } });
    const f = sideFigures([segment(100, 1_000, 1_500), segment(100, 4_000, 6_000)], 25);
    expect(f).toMatchObject({ pushes: 200, pushesPerSec: 40, ordersPerSec: 1_000, perSegmentPushesPerSec: [100, 25], pushP50Ms: 20, waitingOnOrderLockMean: 2 });
    expect(f.cores).toMatchObject({ consoleA: 0.5, consoleB: 0, postgres: 0.25, loadGenerator: 0.04, machine: 1.5 });
  });

  it("misses exactly-once on any order missing, sent twice or not transferred, and 1.6x below it", () => {
    const result = (change: { missing?: number; transferred?: number; ratio?: number }) =>
      ({
        meta: { cpus: 2 },
        orders: 50_000,
        failedPushes: 0,
        notQueued: 0,
        exactlyOnce: { missing: change.missing ?? 0, twice: 0, strangers: 0 },
        console: { outcomes: { transferred: change.transferred ?? 50_000 }, queueLeft: 0, rowsCarried: 50_000, ordersCarried: 50_000 },
        queueAge: { unsettled: 0, p99S: 4.2 },
        cpuPerThousandOrdersMs: { consoleA: 900, consoleB: 800 },
        one: { cores: { machine: 1.9 } },
        throughputRatio: change.ratio ?? 1.7,
      }) as unknown as PeakDayResult;
    expect(peakDayTargets(result({})).map((t) => t.met)).toEqual([true, true, true, true, true]);
    expect(peakDayTargets(result({ missing: 1 }))[0]).toMatchObject({ value: 1, met: false });
    expect(peakDayTargets(result({ transferred: 49_998 }))[0]).toMatchObject({ value: 2, met: false });
    expect(peakDayTargets(result({ ratio: 1.1 }))[4]).toMatchObject({ value: 1.1, met: false });
    expect(peakDayTargets(result({}))[4]!.target).toContain("0.1 of 2 cores spare");
  });
});
