import { describe, expect, it } from "vitest";
import type { MeaningCounts } from "@/lib/erp/outcomes/meanings";
import { messageWords } from "@/lib/alerts/message";
import { digestLines, digestSlot, digestTitle, isEmptyDigest, summariseDigest, type DigestEvent } from "@/lib/alerts/digest-summary";

const none: MeaningCounts = { transferred: 0, alreadyInErp: 0, rejected: 0, failed: 0, unknown: 0, notSent: 0, sending: 0 };
const at = (iso: string) => new Date(iso);

describe("the digest slot", () => {
  it("hourly: the last full hour on the account's clock, half-hour zones included", () => {
    expect(digestSlot(at("2026-11-26T05:37:42Z"), "hourly", null, "Europe/Istanbul").slotAt).toEqual(at("2026-11-26T05:00:00Z"));
    expect(digestSlot(at("2026-11-26T05:37:42Z"), "hourly", null, "Asia/Kolkata").slotAt).toEqual(at("2026-11-26T05:30:00Z"));
    expect(digestSlot(at("2026-11-26T05:00:00Z"), "hourly", null, "Europe/Istanbul")).toEqual({ slotAt: at("2026-11-26T05:00:00Z"), periodMs: 3_600_000 });
  });

  it("daily: the last time the account's clock showed the digest time", () => {
    // 08:00 in Istanbul is 05:00 UTC.
    expect(digestSlot(at("2026-11-26T06:00:00Z"), "daily", "08:00", "Europe/Istanbul")).toEqual({ slotAt: at("2026-11-26T05:00:00Z"), periodMs: 86_400_000 });
    expect(digestSlot(at("2026-11-26T05:00:59Z"), "daily", "08:00", "Europe/Istanbul").slotAt).toEqual(at("2026-11-26T05:00:00Z"));
    expect(digestSlot(at("2026-11-26T04:59:59Z"), "daily", "08:00", "Europe/Istanbul").slotAt).toEqual(at("2026-11-25T05:00:00Z"));
    // 18:45 in New York is 23:45 UTC in November: at 18:30 there the last one was yesterday's.
    expect(digestSlot(at("2026-11-26T23:30:00Z"), "daily", "18:45", "America/New_York").slotAt).toEqual(at("2026-11-25T23:45:00Z"));
  });
});

describe("the digest's summary", () => {
  const runs = [
    { state: "completed" as const, meanings: { ...none, transferred: 5, alreadyInErp: 2 } },
    { state: "completed" as const, meanings: { ...none, transferred: 3, rejected: 1 } },
    { state: "completed" as const, meanings: { ...none, transferred: 3, failed: 2, rejected: 1 } },
    { state: "completed" as const, meanings: { ...none, transferred: 1, unknown: 1 } },
    { state: "interrupted" as const, meanings: { ...none, transferred: 1, notSent: 4 } },
    { state: "running" as const, meanings: { ...none, sending: 2 } },
  ];
  const open = [
    { meaning: "failed", n: 2 },
    { meaning: "unknown", n: 1 },
    { meaning: "not_sent", n: 4 },
    { meaning: "rejected", n: 2 },
    // Done orders are no exception, whatever a query hands in.
    { meaning: "already_in_erp", n: 9 },
    { meaning: "transferred", n: 7 },
  ];

  it("counts runs by result and open exceptions by meaning", () => {
    const counts = summariseDigest(runs, open, [{ kind: "stock", hours: 6 }]);
    expect(counts).toEqual({
      runs: { total: 6, complete: 1, completeWithRejections: 1, needsAttention: 2, interrupted: 1, running: 1 },
      open: { total: 9, failed: 2, unknown: 1, notSent: 4, rejected: 2 },
      stale: [{ kind: "stock", hours: 6 }],
    });
    expect(isEmptyDigest(counts)).toBe(false);
  });

  it("is empty only with no runs, nothing open and nothing stale", () => {
    expect(isEmptyDigest(summariseDigest([], [{ meaning: "already_in_erp", n: 3 }]))).toBe(true);
    expect(isEmptyDigest(summariseDigest([], [{ meaning: "rejected", n: 1 }]))).toBe(false);
    expect(isEmptyDigest(summariseDigest(runs.slice(0, 1), []))).toBe(false);
    expect(isEmptyDigest(summariseDigest([], [], [{ kind: "prices", hours: 24 }]))).toBe(false);
  });

  it("says the counts in its title and lines", () => {
    const event: DigestEvent = {
      type: "digest",
      mode: "daily",
      since: "2026-11-25T05:00:00.000Z",
      until: "2026-11-26T05:00:00.000Z",
      timeZone: "Europe/Istanbul",
      at: "2026-11-26T05:00:30.000Z",
      ...summariseDigest(runs, open, [{ kind: "stock", hours: 6 }]),
    };
    expect(digestTitle(event, messageWords({ locale: "en", timeZone: event.timeZone }))).toBe("Daily digest: 6 transfer runs, 9 open exceptions");
    expect(digestLines(event, messageWords({ locale: "en", timeZone: event.timeZone }))).toEqual([
      "From 25 Nov 2026, 08:00 GMT+3 to 26 Nov 2026, 08:00 GMT+3 (Europe/Istanbul).",
      "Runs: 1 complete, 1 complete with rejections, 2 need attention, 1 interrupted, 1 still running.",
      "Open exceptions: 2 failed, 1 unknown, 4 not sent, 2 rejected.",
      "No stock import started for 6 hours.",
    ]);
  });
});
