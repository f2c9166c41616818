// A paced run sends one batch per slot: slot n starts n × (60 s / pace) after the first batch, never sooner.

export const PACE_MAX_PER_MINUTE = 600;
const CHECK_EVERY_MS = 2_000;

export interface PaceClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realClock: PaceClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export class Pacer {
  private readonly intervalMs: number;
  private started: number | null = null;
  private sent = 0;

  constructor(
    batchesPerMinute: number,
    private readonly clock: PaceClock = realClock,
  ) {
    if (!Number.isInteger(batchesPerMinute) || batchesPerMinute < 1 || batchesPerMinute > PACE_MAX_PER_MINUTE) throw new RangeError(`a pace must be a whole number of batches per minute from 1 to ${PACE_MAX_PER_MINUTE}`);
    this.intervalMs = 60_000 / batchesPerMinute;
  }

  /** Waits for the next batch's slot; false when `halt` said stop first (checked every few seconds). */
  async next(halt: () => boolean | Promise<boolean> = () => false): Promise<boolean> {
    if (this.started === null) this.started = this.clock.now();
    const due = this.started + this.sent * this.intervalMs;
    for (let left = due - this.clock.now(); left > 0; left = due - this.clock.now()) {
      if (await halt()) return false;
      await this.clock.sleep(Math.min(left, CHECK_EVERY_MS));
    }
    this.sent++;
    return true;
  }
}
