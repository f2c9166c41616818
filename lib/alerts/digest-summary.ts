import { runResult, type MeaningCounts } from "@/lib/erp/outcomes";
import type { ImportKindName, TransferRunState } from "@/lib/erp/lists";
import { formatDateTime } from "@/lib/i18n/datetime";
import { localMinutes, parseTime } from "@/lib/schedules/next";

// Pure: which digest slot a moment belongs to, and what a digest says; lib/alerts/digest.ts reads the store and sends it.

export type DigestMode = "hourly" | "daily";

export const OPEN_MEANINGS = ["failed", "unknown", "not_sent", "rejected"] as const;
export type OpenMeaning = (typeof OPEN_MEANINGS)[number];

export interface DigestCounts {
  runs: { total: number; complete: number; completeWithRejections: number; needsAttention: number; interrupted: number; running: number };
  open: { total: number; failed: number; unknown: number; notSent: number; rejected: number };
  stale: { kind: ImportKindName; hours: number }[];
}

export interface DigestEvent extends DigestCounts {
  type: "digest";
  mode: DigestMode;
  since: string;
  until: string;
  timeZone: string;
  at: string;
  /** Who asked for it now, when it is no scheduled digest. */
  requestedBy?: string;
}

/** The start of the slot `now` falls in: the last full hour, or the last daily time, on the account's clock. */
export function digestSlot(now: Date, mode: DigestMode, time: string | null, timeZone: string): { slotAt: Date; periodMs: number } {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const local = localMinutes(new Date(minute), timeZone);
  const at = parseTime(time ?? "") ?? { hour: 8, minute: 0 };
  const back = mode === "hourly" ? local % 60 : (local - (at.hour * 60 + at.minute) + 1440) % 1440;
  return { slotAt: new Date(minute - back * 60_000), periodMs: (mode === "hourly" ? 60 : 1440) * 60_000 };
}

export function summariseDigest(
  runs: readonly { state: TransferRunState; meanings: MeaningCounts }[],
  open: readonly { meaning: string; n: number }[],
  stale: DigestCounts["stale"] = [],
): DigestCounts {
  const results = runs.map((r) => runResult(r.state, r.meanings));
  const count = (result: string) => results.filter((r) => r === result).length;
  const n = (meaning: OpenMeaning) => open.filter((o) => o.meaning === meaning).reduce((sum, o) => sum + Number(o.n), 0);
  const failed = n("failed");
  const unknown = n("unknown");
  const notSent = n("not_sent");
  const rejected = n("rejected");
  return {
    runs: {
      total: runs.length,
      complete: count("complete"),
      completeWithRejections: count("complete_with_rejections"),
      needsAttention: count("needs_attention"),
      interrupted: count("interrupted"),
      running: count("running"),
    },
    open: { total: failed + unknown + notSent + rejected, failed, unknown, notSent, rejected },
    stale,
  };
}

/** Nothing ran, nothing is open, nothing is stale: no message (a digest that says nothing is the noise it replaces). */
export function isEmptyDigest(counts: DigestCounts): boolean {
  return counts.runs.total === 0 && counts.open.total === 0 && counts.stale.length === 0;
}

export function digestTitle(event: DigestEvent): string {
  const period = event.mode === "hourly" ? "Hourly" : "Daily";
  return `${period} digest${event.requestedBy ? " so far" : ""}: ${event.runs.total} transfer runs, ${event.open.total} open exceptions`;
}

export function digestLines(event: DigestEvent): string[] {
  const r = event.runs;
  const o = event.open;
  return [
    `From ${formatDateTime(event.since, "en", event.timeZone)} to ${formatDateTime(event.until, "en", event.timeZone)} (${event.timeZone}).`,
    `Runs: ${r.complete} complete, ${r.completeWithRejections} complete with rejections, ${r.needsAttention} need attention, ${r.interrupted} interrupted, ${r.running} still running.`,
    `Open exceptions: ${o.failed} failed, ${o.unknown} unknown, ${o.notSent} not sent, ${o.rejected} rejected.`,
    ...event.stale.map((s) => `No ${s.kind} import started for ${s.hours} hours.`),
    ...(event.requestedBy ? [`Sent on request by ${event.requestedBy}; the scheduled digest still goes out.`] : []),
  ];
}
