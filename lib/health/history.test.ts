import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { CallRecorder, type MinuteAggregate } from "@/lib/health/calls";
import { bucketMinutes, fillHistory, historyStart, quantile } from "@/lib/health/history";
import { flushMinutes, readBuckets } from "@/lib/health/store";
import { openTestDb } from "@/test/store";

// The day of answer times behind the home page's chart: intervals in memory and in the store must agree, and the store keeps a day.

const T0 = Date.parse("2026-11-23T08:00:00.000Z");
const MIN = 60_000;
const HOUR = 60 * MIN;
const ok = (ms: number) => ({ operation: "list warehouses", status: 200, ms });
const down = { operation: "list warehouses", status: 503, ms: 40, error: "http" };

const minute = (at: number, calls: number, failures: number, latencies: number[]): MinuteAggregate => ({
  minute: new Date(at).toISOString(),
  calls,
  failures,
  latencies,
  lastSuccessAt: null,
  failingSince: null,
  lastFailureAt: null,
  lastFailureKind: null,
  lastFailureOperation: null,
  lastFailureStatus: null,
});

describe("quantile", () => {
  it("takes the nearest rank", () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([7], 0.95)).toBe(7);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile(Array.from({ length: 20 }, (_, i) => i + 1), 0.95)).toBe(19);
    expect(quantile(Array.from({ length: 20 }, (_, i) => i + 1), 0.96)).toBe(20);
  });
});

describe("bucketMinutes and fillHistory", () => {
  it("sums minutes into half hours and fills the day with empty intervals", () => {
    const buckets = bucketMinutes([minute(T0, 3, 1, [30, 10]), minute(T0 + 29 * MIN, 2, 0, [20, 40]), minute(T0 + 30 * MIN, 1, 1, [])]);
    expect(buckets).toEqual([
      { at: "2026-11-23T08:00:00.000Z", calls: 5, failures: 1, medianMs: 20, p95Ms: 40 },
      { at: "2026-11-23T08:30:00.000Z", calls: 1, failures: 1, medianMs: null, p95Ms: null },
    ]);
    const now = T0 + 45 * MIN;
    const day = fillHistory(buckets, now);
    expect(day.bucketMinutes).toBe(30);
    expect(day.buckets).toHaveLength(48);
    expect(day.buckets[0]!.at).toBe("2026-11-22T09:00:00.000Z");
    expect(day.buckets.at(-1)).toEqual(buckets[1]);
    expect(day.buckets.at(-2)).toEqual(buckets[0]);
    expect(day.buckets.slice(0, -2).every((b) => b.calls === 0 && b.medianMs === null)).toBe(true);
  });

  it("an empty day is 48 intervals with no call", () => {
    const day = fillHistory([], T0);
    expect(day.buckets).toHaveLength(48);
    expect(day.buckets.reduce((n, b) => n + b.calls, 0)).toBe(0);
  });
});

describe("readBuckets and the store's day", () => {
  let conn: Kysely<Database>;
  beforeAll(async () => {
    conn = await openTestDb();
  });
  afterAll(async () => {
    await conn.destroy();
  });
  beforeEach(async () => {
    await conn.deleteFrom("home_upstream_minutes").execute();
  });

  it("sums instances' minutes in the store as the memory does, percentiles included", async () => {
    const a = new CallRecorder();
    const b = new CallRecorder();
    for (const [i, ms] of [5, 80, 12, 300, 41, 7, 19].entries()) a.record(ok(ms), T0 + i * 4 * MIN);
    a.record(down, T0 + 31 * MIN);
    for (const ms of [150, 9, 60]) b.record(ok(ms), T0 + 2 * MIN);
    b.record(ok(500), T0 + 40 * MIN);
    const minutes = [...a.takeDirty(), ...b.takeDirty()];
    await flushMinutes(conn, "a", minutes.slice(0, 8), T0 + HOUR);
    await flushMinutes(conn, "b", minutes.slice(8), T0 + HOUR);
    const stored = await readBuckets(conn, T0, T0 + HOUR);
    expect(stored).toEqual(bucketMinutes(minutes).sort((x, y) => x.at.localeCompare(y.at)));
    expect(stored.map((s) => [s.calls, s.failures, s.medianMs, s.p95Ms])).toEqual([
      [10, 0, 19, 300],
      [2, 1, 500, 500],
    ]);
    expect(await readBuckets(conn, T0 + 30 * MIN, T0 + HOUR)).toEqual([stored[1]]);
  });

  it("keeps a day of minutes and drops older ones at the next flush", async () => {
    const a = new CallRecorder();
    a.record(ok(10), T0);
    await flushMinutes(conn, "a", a.takeDirty(), T0);
    await flushMinutes(conn, "b", [], T0 + 23 * HOUR);
    expect(await readBuckets(conn, historyStart(T0 + 23 * HOUR), T0 + 23 * HOUR)).toMatchObject([{ at: new Date(T0).toISOString(), calls: 1 }]);
    await flushMinutes(conn, "b", [], T0 + 25 * HOUR);
    expect(await conn.selectFrom("home_upstream_minutes").select("minute").execute()).toEqual([]);
  });
});
