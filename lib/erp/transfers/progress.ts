import type { TransferRunSummary } from "@/lib/erp/schemas";

// What the progress bar of a running run shows; pure, for the browser too.

export interface RunProgress {
  settled: number;
  total: number;
  batchesOnTheWire: number;
  /** Null until an order settled: no rate to go by yet. */
  msLeft: number | null;
}

export function runProgress(run: Pick<TransferRunSummary, "counts" | "batchSize" | "startedAt">, now: number): RunProgress {
  const { total, pending, sending } = run.counts;
  const settled = Math.max(0, total - pending - sending);
  const batchesOnTheWire = sending > 0 ? Math.ceil(sending / Math.max(1, run.batchSize)) : 0;
  const elapsed = run.startedAt ? now - Date.parse(run.startedAt) : 0;
  const msLeft = settled > 0 && elapsed > 0 ? Math.round(((total - settled) * elapsed) / settled) : null;
  return { settled, total, batchesOnTheWire, msLeft };
}
