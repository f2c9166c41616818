import "server-only";
import { flushHealth } from "@/lib/health";
import { jobs } from "@/lib/jobs";
import { log } from "@/lib/log";
import { CHECK_SECONDS, createPlatformCheckQueue, PLATFORM_CHECK_QUEUE, sendPlatformCheck } from "@/lib/home/check-queue";
import { runPlatformCheck } from "@/lib/home/platform-check";

// Every instance flushes its own call figures; the silent-platform check is one job on the engine per period,
// sent by every instance and kept single by its singleton key (lib/home/check-queue.ts).

const FLUSH_MS = 20_000;

const g = globalThis as unknown as { homeJobs?: Promise<void>; homeTimers?: ReturnType<typeof setInterval>[] };

/** This process's flush timer, the check's queue, its worker and its timer; started once, before the process serves. */
export function startHomeJobs(): Promise<void> {
  g.homeJobs ??= (async () => {
    const boss = await jobs();
    await createPlatformCheckQueue(boss);
    await boss.work(PLATFORM_CHECK_QUEUE, async () => {
      await runPlatformCheck();
    });
    const send = () => sendPlatformCheck(boss).catch((error: unknown) => log.warn("platform check not queued", { error: String(error) }));
    g.homeTimers = [setInterval(() => void flushHealth(), FLUSH_MS).unref(), setInterval(() => void send(), CHECK_SECONDS * 1000).unref()];
    void send();
  })().catch((error: unknown) => {
    g.homeJobs = undefined;
    throw error;
  });
  return g.homeJobs;
}

/** At shutdown: no more flushes or checks offered (the last flush runs once the requests in flight are done). */
export function stopHomeJobs(): void {
  for (const timer of g.homeTimers ?? []) clearInterval(timer);
  g.homeTimers = undefined;
}
