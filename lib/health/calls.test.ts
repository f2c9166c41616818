import { describe, expect, it } from "vitest";
import { CallRecorder, LATENCY_SAMPLE, median, mergeLocal, minuteOf, probeDue, summarize, isUnanswered } from "@/lib/health/calls";

// The health figures from the console's own calls, in memory: one recorder per instance, merged by the reader.

const T0 = Date.parse("2026-11-23T08:00:00.000Z");
const ok = (ms: number) => ({ operation: "list warehouses", status: 200, ms });
const fail = (error: string, status: number | null = null) => ({ operation: "start stock import", status, ms: 5000, error });

describe("what counts as unanswered", () => {
  it("a timeout, a dropped connection, a 5xx and a body that is not the API's; a 4xx is an answer", () => {
    expect(isUnanswered(ok(10))).toBe(false);
    expect(isUnanswered(fail("timeout"))).toBe(true);
    expect(isUnanswered(fail("network"))).toBe(true);
    expect(isUnanswered(fail("http", 503))).toBe(true);
    expect(isUnanswered(fail("invalid-response", 200))).toBe(true);
    expect(isUnanswered(fail("http", 422))).toBe(false);
    expect(isUnanswered(fail("http", 429))).toBe(false);
  });
});

describe("CallRecorder", () => {
  it("keeps one aggregate per minute and hands back only the minutes changed since the last take", () => {
    const r = new CallRecorder();
    r.record(ok(10), T0);
    r.record(ok(30), T0 + 20_000);
    r.record(fail("timeout"), T0 + 61_000);
    const first = r.takeDirty();
    expect(first.map((m) => [m.minute, m.calls, m.failures, m.latencies])).toEqual([
      [minuteOf(T0), 2, 0, [10, 30]],
      [minuteOf(T0 + 60_000), 1, 1, []],
    ]);
    expect(r.takeDirty()).toEqual([]);
    r.record(ok(5), T0 + 62_000);
    const second = r.takeDirty();
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ calls: 2, failures: 1, latencies: [5], failingSince: null, lastFailureKind: "timeout" });
  });

  it("gives minutes back to flush again after a failed write", () => {
    const r = new CallRecorder();
    r.record(ok(10), T0);
    const taken = r.takeDirty();
    r.markDirty(taken.map((m) => m.minute));
    expect(r.takeDirty().map((m) => m.calls)).toEqual([1]);
  });

  it("samples latencies past the cap, so a busy minute costs the same", () => {
    const r = new CallRecorder(() => 0.5);
    for (let i = 0; i < LATENCY_SAMPLE * 4; i++) r.record(ok(i), T0 + 10);
    const [m] = r.takeDirty();
    expect(m!.calls).toBe(LATENCY_SAMPLE * 4);
    expect(m!.latencies).toHaveLength(LATENCY_SAMPLE);
  });

  it("drops minutes older than it keeps", () => {
    const r = new CallRecorder();
    r.record(ok(10), T0);
    r.record(ok(10), T0 + 4 * 60 * 60_000);
    expect(r.since("2000-01-01T00:00:00.000Z")).toHaveLength(1);
  });
});

describe("summarize", () => {
  it("takes the median over every instance's merged minutes, not a median of medians", () => {
    const a = new CallRecorder();
    const b = new CallRecorder();
    // a: 3 fast calls in one minute; b: 2 slow calls in another. Median of medians would be 505; of all calls, 10.
    for (const ms of [10, 10, 12]) a.record(ok(ms), T0 + 5_000);
    for (const ms of [1000, 1000]) b.record(ok(ms), T0 + 65_000);
    const h = summarize([...a.takeDirty(), ...b.takeDirty()], T0 + 10 * 60_000);
    expect(h.medianLatencyMs).toBe(12);
    expect(h.calls).toBe(5);
    expect(h.errorRate).toBe(0);
  });

  it("counts the error rate and the last failure over the last hour only", () => {
    const r = new CallRecorder();
    r.record(fail("http", 502), T0); // two hours before: outside the window
    r.record(ok(20), T0 + 2 * 60 * 60_000);
    r.record(fail("timeout"), T0 + 2 * 60 * 60_000 + 1000);
    r.record(ok(40), T0 + 2 * 60 * 60_000 + 2000);
    r.record(ok(60), T0 + 2 * 60 * 60_000 + 3000);
    const h = summarize(r.takeDirty(), T0 + 2 * 60 * 60_000 + 10_000);
    expect(h.calls).toBe(4);
    expect(h.failures).toBe(1);
    expect(h.errorRate).toBe(0.25);
    expect(h.medianLatencyMs).toBe(40);
    expect(h.lastFailure).toEqual({ at: new Date(T0 + 2 * 60 * 60_000 + 1000).toISOString(), kind: "timeout", operation: "start stock import", status: null });
    expect(h.failingSince).toBeNull();
    expect(h.lastSuccessAt).toBe(new Date(T0 + 2 * 60 * 60_000 + 3000).toISOString());
  });

  it("says since when calls fail with no success, across minutes and instances", () => {
    const a = new CallRecorder();
    const b = new CallRecorder();
    a.record(ok(10), T0);
    a.record(fail("network"), T0 + 10_000);
    b.record(ok(10), T0 + 20_000); // b's success is the last one anywhere
    a.record(fail("timeout"), T0 + 30_000);
    b.record(fail("http", 503), T0 + 70_000);
    const h = summarize([...a.takeDirty(), ...b.takeDirty()], T0 + 80_000);
    expect(h.lastSuccessAt).toBe(new Date(T0 + 20_000).toISOString());
    expect(h.failingSince).toBe(new Date(T0 + 30_000).toISOString());
    expect(h.lastFailure?.status).toBe(503);
    expect(h.errorRate).toBeCloseTo(3 / 5);
  });

  it("has no figures without calls, and a 4xx never makes the platform silent", () => {
    expect(summarize([], T0)).toMatchObject({ calls: 0, errorRate: null, medianLatencyMs: null, lastFailure: null, failingSince: null, lastCallAt: null });
    const r = new CallRecorder();
    r.record(fail("timeout"), T0);
    r.record(fail("http", 422), T0 + 1000);
    expect(summarize(r.takeDirty(), T0 + 2000).failingSince).toBeNull();
  });
});

describe("mergeLocal", () => {
  it("puts this instance's fresher minutes in place of its stored ones and keeps the others'", () => {
    const minute = minuteOf(T0);
    const row = (instanceId: string, calls: number) => ({ instanceId, minute, calls, failures: 0, latencies: [], lastSuccessAt: null, failingSince: null, lastFailureAt: null, lastFailureKind: null, lastFailureOperation: null, lastFailureStatus: null });
    const merged = mergeLocal([row("a", 1), row("b", 2)], "a", [{ ...row("a", 5) }]);
    expect(merged.map((m) => m.calls).sort()).toEqual([2, 5]);
  });
});

describe("median and the probe", () => {
  it("median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 10])).toBe(3);
    expect(median([])).toBeNull();
  });

  it("probes with no calls at all, after five idle minutes, and every minute while calls fail", () => {
    const at = (ms: number) => new Date(T0 - ms).toISOString();
    expect(probeDue({ lastCallAt: null, failingSince: null }, T0)).toBe(true);
    expect(probeDue({ lastCallAt: at(4 * 60_000), failingSince: null }, T0)).toBe(false);
    expect(probeDue({ lastCallAt: at(5 * 60_000), failingSince: null }, T0)).toBe(true);
    expect(probeDue({ lastCallAt: at(30_000), failingSince: at(120_000) }, T0)).toBe(false);
    expect(probeDue({ lastCallAt: at(60_000), failingSince: at(120_000) }, T0)).toBe(true);
  });
});
