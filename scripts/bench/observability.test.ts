import { describe, expect, it } from "vitest";
import { costOf, modeOfRound, observabilityTargets, type ObservabilityResult, type RoundSample } from "@/scripts/bench/observability";

const sample = (mode: RoundSample["mode"], target: string, answered: number, consoleMs: number, machineMs: number, receiverMs = 0): RoundSample => ({
  mode,
  target,
  answered,
  consoleMs,
  machineMs,
  receiverMs,
});

describe("observability bench figures", () => {
  it("alternates off and on, off first", () => {
    expect([0, 1, 2, 3, 4, 5].map(modeOfRound)).toEqual(["off", "on", "off", "on", "off", "on"]);
  });

  it("takes per-request medians per mode, then on over off; the receiver's CPU is not the console's machine time", () => {
    const cost = costOf([
      sample("off", "list", 1000, 1000, 2000),
      sample("on", "list", 1000, 1100, 2300, 100),
      sample("off", "list", 2000, 1800, 4000),
      sample("on", "list", 500, 600, 1200, 50),
      sample("off", "list", 1000, 2000, 9000),
      sample("on", "list", 1000, 1050, 2150, 50),
      sample("off", "ping", 100, 50, 100),
      sample("on", "ping", 100, 50, 100),
    ]);
    // off per request: console 1, 0.9, 2 -> 1; machine 2, 2, 9 -> 2. on: console 1.1, 1.2, 1.05 -> 1.1; machine 2.2, 2.3, 2.1 -> 2.2.
    expect(cost.list).toEqual({
      off: { consoleMs: 1, machineMs: 2 },
      on: { consoleMs: 1.1, machineMs: 2.2, receiverMs: 0.1 },
      consoleOnOverOff: 1.1,
      machineOnOverOff: 1.1,
      pairs: { console: [1.1, 1.333, 0.525], machine: [1.1, 1.15, 0.233] },
    });
    expect(cost.ping!.machineOnOverOff).toBe(1);
  });

  it("meets the target at 1.05 and only when nothing failed and traces arrived", () => {
    const base = {
      on: "both",
      rounds: 2,
      cost: costOf([sample("off", "ping", 100, 100, 200), sample("on", "ping", 100, 105, 210)]),
      failures: [] as string[],
      scrapes: { count: 3, failed: 0, bytes: 3000 },
      exported: { bytes: 10, posts: 1, bytesPerRequestOn: 0 },
    } as unknown as ObservabilityResult;
    expect(observabilityTargets(base).map((t) => [t.value, t.met])).toEqual([
      [1.05, true],
      [1.05, true],
    ]);
    expect(observabilityTargets({ ...base, exported: { bytes: 0, posts: 0, bytesPerRequestOn: 0 } }).every((t) => !t.met)).toBe(true);
    expect(observabilityTargets({ ...base, scrapes: { count: 3, failed: 1, bytes: 0 } }).every((t) => !t.met)).toBe(true);
    expect(observabilityTargets({ ...base, on: "traces" }).every((t) => !t.met)).toBe(true);
    const over = { ...base, cost: costOf([sample("off", "ping", 100, 100, 200), sample("on", "ping", 100, 106, 212)]) };
    expect(observabilityTargets(over).map((t) => t.met)).toEqual([false, false]);
  });
});
