import { HISTORY_MS, type MinuteAggregate } from "@/lib/health/calls";

// The platform's answers over a day in fixed intervals, for the home page's chart; pure, for the browser's types too.

export const HISTORY_BUCKET_MS = 30 * 60_000;

export interface CallBucket {
  at: string;
  calls: number;
  failures: number;
  medianMs: number | null;
  p95Ms: number | null;
}

export interface CallHistory {
  bucketMinutes: number;
  buckets: CallBucket[];
}

export const bucketStart = (at: number) => Math.floor(at / HISTORY_BUCKET_MS) * HISTORY_BUCKET_MS;

/** The first interval shown: the current one is the last, so the series spans HISTORY_MS. */
export const historyStart = (now: number) => bucketStart(now - HISTORY_MS) + HISTORY_BUCKET_MS;

/** Nearest rank, as Postgres's percentile_disc: the value at or below which a share q of the sample lies. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function bucketMinutes(rows: readonly MinuteAggregate[]): CallBucket[] {
  const byStart = new Map<number, { calls: number; failures: number; latencies: number[] }>();
  for (const m of rows) {
    const start = bucketStart(Date.parse(m.minute));
    const b = byStart.get(start) ?? { calls: 0, failures: 0, latencies: [] };
    b.calls += m.calls;
    b.failures += m.failures;
    b.latencies.push(...m.latencies);
    byStart.set(start, b);
  }
  return [...byStart].map(([start, b]) => {
    const sorted = b.latencies.sort((x, y) => x - y);
    return { at: new Date(start).toISOString(), calls: b.calls, failures: b.failures, medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95) };
  });
}

/** Every interval of the day, in order; one with no call reads as zero calls and no times (a gap in the chart). */
export function fillHistory(buckets: readonly CallBucket[], now: number): CallHistory {
  const known = new Map(buckets.map((b) => [Date.parse(b.at), b]));
  const out: CallBucket[] = [];
  for (let start = historyStart(now); start <= now; start += HISTORY_BUCKET_MS) {
    out.push(known.get(start) ?? { at: new Date(start).toISOString(), calls: 0, failures: 0, medianMs: null, p95Ms: null });
  }
  return { bucketMinutes: HISTORY_BUCKET_MS / 60_000, buckets: out };
}
