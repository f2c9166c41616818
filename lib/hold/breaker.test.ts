import { describe, expect, it } from "vitest";
import { batchFailure, batchOutcomes, type BatchOutcome } from "@/lib/erp/transfers/batch-outcomes";
import { Pacer, type PaceClock } from "@/lib/erp/transfers/pace";
import { batchVerdict, breakerReason, shouldOpen } from "@/lib/hold/breaker";
import { UpstreamError } from "@/lib/upstream/errors";

// What a finished batch says about the other side (the platform's call failed for all, or spoke for each order), and the pace of a paced run.

const ids = ["3574001", "3574002", "3574003"];
const failedWith = (error: UpstreamError): BatchOutcome[] => ids.map(() => batchFailure(error));
const http = (status: number, mayHaveActed: boolean) => new UpstreamError({ kind: "http", operation: "transfer orders", status, mayHaveActed, detail: `HTTP ${status}` });
const answered = (notTransferred: { id: string; error: string }[], transferred: string[] = []) => [...batchOutcomes(ids, { message: "", transferred, notTransferred }).values()];

describe("a batch's verdict", () => {
  it.each([
    ["503 before any work", failedWith(http(503, false)), { down: true, cause: { kind: "http", status: 503 } }],
    ["500 that may have acted", failedWith(http(500, true)), { down: true, cause: { kind: "http", status: 500 } }],
    ["a time-out", failedWith(new UpstreamError({ kind: "timeout", operation: "t", mayHaveActed: true, detail: "slow" })), { down: true, cause: { kind: "timeout" } }],
    ["no connection", failedWith(new UpstreamError({ kind: "network", operation: "t", mayHaveActed: false, detail: "refused" })), { down: true, cause: { kind: "unreachable" } }],
    ["a connection cut", failedWith(new UpstreamError({ kind: "network", operation: "t", mayHaveActed: true, detail: "reset" })), { down: true, cause: { kind: "unreachable" } }],
    ["one platform-wide reason on every order", answered(ids.map((id) => ({ id, error: "Muhasebe dönemi kapalı" }))), { down: true, cause: { kind: "same_reason", reason: "Muhasebe dönemi kapalı" } }],
    ["every order transferred", answered([], ids), { down: false }],
    ["per-order refusals with different reasons", answered([{ id: ids[0]!, error: "Stok yetersiz" }, { id: ids[1]!, error: "Müşteri yok" }, { id: ids[2]!, error: "Stok yetersiz" }]), { down: false }],
    ["some refused with one reason, one transferred", answered([{ id: ids[0]!, error: "Stok yetersiz" }, { id: ids[1]!, error: "Stok yetersiz" }], [ids[2]!]), { down: false }],
    ["every order 'not found' (a known per-order reason)", answered(ids.map((id) => ({ id, error: "Sipariş bulunamadı" }))), { down: false }],
    ["every order 'already transferred'", answered(ids.map((id) => ({ id, error: "Sipariş daha önce aktarılmış" }))), { down: false }],
    ["a 422 for the whole call", failedWith(http(422, false)), { down: false }],
    ["429: the platform is busy, not down", failedWith(http(429, false)), null],
    ["401: the console's token, not the platform", failedWith(http(401, false)), null],
  ])("%s", (_name, outcomes, verdict) => {
    expect(batchVerdict(outcomes)).toEqual(verdict);
  });

  it("a batch of one order refused for a reason is an ordinary refusal, never the platform speaking", () => {
    expect(batchVerdict([...batchOutcomes(["3574001"], { message: "", transferred: [], notTransferred: [{ id: "3574001", error: "Muhasebe dönemi kapalı" }] }).values()])).toEqual({ down: false });
  });
});

describe("the threshold", () => {
  const down = { down: true, cause: { kind: "http" as const, status: 503 } };
  const up = { down: false, cause: null };
  const settings = { windowBatches: 4, openAfter: 3 };

  it("opens at 3 failing of the last 4 (newest first), naming the newest cause in words", () => {
    expect(shouldOpen([down, down, up, up], settings)).toBeNull();
    const opened = shouldOpen([down, up, down, down, down], settings);
    expect(opened).toEqual({ cause: { kind: "http", status: 503 }, failing: 3, of: 4 });
    expect(breakerReason(opened!)).toBe("the ERP answered 503 on 3 of the last 4 batches");
    expect(shouldOpen([down, down, down], settings)).toEqual({ cause: down.cause, failing: 3, of: 3 });
    expect(shouldOpen([down, down], settings)).toBeNull();
  });

  it("counts only within the window: older failures do not add up", () => {
    expect(shouldOpen([down, up, up, up, down, down, down], settings)).toBeNull();
    expect(shouldOpen([down, up, down], { windowBatches: 2, openAfter: 2 })).toBeNull();
  });
});

describe("a pace", () => {
  function fakeClock() {
    let now = 1_000_000;
    const slept: number[] = [];
    const clock: PaceClock = { now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) };
    return { clock, slept, advance: (ms: number) => void (now += ms), at: () => now };
  }

  it("sends the first batch at once and each next one a slot later (60 s / batches per minute), never sooner", async () => {
    const c = fakeClock();
    const pace = new Pacer(6, c.clock);
    const start = c.at();
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await pace.next()).toBe(true);
      times.push(c.at() - start);
      c.advance(1_500);
    }
    expect(times).toEqual([0, 10_000, 20_000, 30_000]);
    expect(Math.max(...c.slept)).toBeLessThanOrEqual(2_000);
  });

  it("does not wait when the platform's answers were slower than the pace", async () => {
    const c = fakeClock();
    const pace = new Pacer(60, c.clock);
    await pace.next();
    c.advance(5_000);
    await pace.next();
    expect(c.slept).toEqual([]);
  });

  it("stops waiting when asked (a stop, a shutdown)", async () => {
    const c = fakeClock();
    const pace = new Pacer(1, c.clock);
    await pace.next();
    let checks = 0;
    expect(await pace.next(() => ++checks === 3)).toBe(false);
    expect(c.at() - 1_000_000).toBe(4_000);
  });

  it.each([0, -1, 1.5, 601])("refuses a pace of %s", (n) => {
    expect(() => new Pacer(n)).toThrow(/whole number of batches per minute from 1 to 600/);
  });
});
