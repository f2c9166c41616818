import { describe, expect, it } from "vitest";
import { runProgress } from "@/lib/erp/transfers/progress";

const counts = (c: { total: number; pending: number; sending: number }) => ({ transferred: 0, notTransferred: 0, unknown: 0, ...c });
const START = "2026-01-01T10:00:00.000Z";

describe("runProgress", () => {
  it("counts settled orders, batches on the wire, and the time left at the rate so far", () => {
    const p = runProgress({ counts: counts({ total: 1000, pending: 550, sending: 150 }), batchSize: 100, startedAt: START }, Date.parse(START) + 30_000);
    expect(p).toEqual({ settled: 300, total: 1000, batchesOnTheWire: 2, msLeft: 70_000 });
  });

  it("has no estimate before an order settled or before the run started", () => {
    expect(runProgress({ counts: counts({ total: 10, pending: 5, sending: 5 }), batchSize: 5, startedAt: START }, Date.parse(START) + 5000)).toEqual({
      settled: 0,
      total: 10,
      batchesOnTheWire: 1,
      msLeft: null,
    });
    expect(runProgress({ counts: counts({ total: 10, pending: 0, sending: 0 }), batchSize: 5, startedAt: null }, 0).msLeft).toBeNull();
  });

  it("a finished run has nothing left and nothing on the wire", () => {
    expect(runProgress({ counts: counts({ total: 10, pending: 0, sending: 0 }), batchSize: 5, startedAt: START }, Date.parse(START) + 1000)).toEqual({
      settled: 10,
      total: 10,
      batchesOnTheWire: 0,
      msLeft: 0,
    });
  });
});
