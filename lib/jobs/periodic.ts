import type { JobEngine } from "@/lib/jobs/engine";

// pg-boss's cron counts whole minutes, so a faster cadence is a chain: one job per slot across instances, each sending the next.

export interface Chain {
  queue: string;
  seconds: number;
  expireInSeconds: number;
  pollingIntervalSeconds?: number;
}

const KEY = "chain";

export async function createChainQueue(boss: JobEngine, chain: Chain): Promise<void> {
  // Retries for about ten minutes (a lost successor would end the chain); no notify, as a notified queue's worker polls only every 30 s.
  const options = { retryLimit: 12, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: chain.expireInSeconds, notify: false };
  await boss.createQueue(chain.queue, options);
  await boss.updateQueue(chain.queue, options);
}

export function sendLink(boss: JobEngine, chain: Chain): Promise<string | null> {
  return boss.sendDebounced(chain.queue, null, null, chain.seconds, KEY);
}

export async function startChain(boss: JobEngine, chain: Chain, run: () => Promise<unknown>): Promise<void> {
  await createChainQueue(boss, chain);
  await boss.work(chain.queue, { pollingIntervalSeconds: chain.pollingIntervalSeconds ?? 2 }, async () => {
    await sendLink(boss, chain);
    await run();
  });
  await sendLink(boss, chain);
}

// Per-instance timers for per-instance state (a job would run on one instance only); on globalThis, by name.
const g = globalThis as unknown as { instanceTimers?: Map<string, ReturnType<typeof setInterval>> };

export function everyInstance(name: string, ms: number, work: () => Promise<unknown> | void): void {
  const timers = (g.instanceTimers ??= new Map());
  clearInterval(timers.get(name));
  timers.set(name, setInterval(() => void Promise.resolve().then(work).catch(() => undefined), ms).unref());
}

export function stopInstanceTimers(): void {
  for (const timer of g.instanceTimers?.values() ?? []) clearInterval(timer);
  g.instanceTimers?.clear();
}
