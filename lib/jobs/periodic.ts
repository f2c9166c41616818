import type { JobEngine } from "@/lib/jobs/engine";

// Periodic work on the job engine, without "server-only" so tests can start several engines. pg-boss's cron counts
// whole minutes, so a faster cadence is a chain: one job per slot of `seconds` across instances (the singleton key and
// slot), and each job sends the next slot's job before it runs. Every instance seeds the chain when it starts.

export interface Chain {
  queue: string;
  /** One job per slot of this many seconds, whichever instance sent it. */
  seconds: number;
  /** How long a job may run before the engine fails it, to be retried on any instance. */
  expireInSeconds: number;
  /** How often an idle worker looks for the next slot's job. */
  pollingIntervalSeconds?: number;
}

const KEY = "chain";

export async function createChainQueue(boss: JobEngine, chain: Chain): Promise<void> {
  // Retries for about ten minutes: a job whose successor could not be sent (the store away) must not end the chain.
  // No notifications: a notified queue's worker polls only every 30 s, and a deferred job sends none when it comes due.
  const options = { retryLimit: 12, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: chain.expireInSeconds, notify: false };
  await boss.createQueue(chain.queue, options);
  await boss.updateQueue(chain.queue, options);
}

/** This slot's job, or else the next slot's (deferred to its start); null when another instance sent both. */
export function sendLink(boss: JobEngine, chain: Chain): Promise<string | null> {
  return boss.sendDebounced(chain.queue, null, null, chain.seconds, KEY);
}

/** Works the chain on this instance and seeds it. A run that fails or dies has already sent its successor. */
export async function startChain(boss: JobEngine, chain: Chain, run: () => Promise<unknown>): Promise<void> {
  await createChainQueue(boss, chain);
  await boss.work(chain.queue, { pollingIntervalSeconds: chain.pollingIntervalSeconds ?? 2 }, async () => {
    await sendLink(boss, chain);
    await run();
  });
  await sendLink(boss, chain);
}

// Per-instance timers, for work each instance does on its own state (flushing its in-memory figures): not a job,
// which would run on one instance only. On globalThis, by name: a module loaded twice keeps one timer.
const g = globalThis as unknown as { instanceTimers?: Map<string, ReturnType<typeof setInterval>> };

/** Runs `work` every `ms` on this instance until stopInstanceTimers(); its failures are for `work` to report. */
export function everyInstance(name: string, ms: number, work: () => Promise<unknown> | void): void {
  const timers = (g.instanceTimers ??= new Map());
  clearInterval(timers.get(name));
  timers.set(name, setInterval(() => void Promise.resolve().then(work).catch(() => undefined), ms).unref());
}

/** At the stop's start: no timer fires again (a last run is the caller's, in a close hook). */
export function stopInstanceTimers(): void {
  for (const timer of g.instanceTimers?.values() ?? []) clearInterval(timer);
  g.instanceTimers?.clear();
}
