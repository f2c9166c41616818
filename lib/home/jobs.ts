import "server-only";
import { flushHealth } from "@/lib/health";
import { jobs } from "@/lib/jobs";
import { log } from "@/lib/log";
import { runPlatformCheck } from "@/lib/home/platform-check";

// Every instance flushes its own call figures; the silent-platform check is one job on the engine, sent by every
// instance but kept single by its singleton key, so it runs once per period across instances.

export const PLATFORM_CHECK_QUEUE = "home.platform-check";
const FLUSH_MS = 20_000;
const CHECK_SECONDS = 30;

const g = globalThis as unknown as { homeJobs?: Promise<void> };

/** This process's flush timer, the check's queue, its worker and its timer; started once, before the process serves. */
export function startHomeJobs(): Promise<void> {
  g.homeJobs ??= (async () => {
    const boss = await jobs();
    const queue = { retryLimit: 0, expireInSeconds: 120 };
    await boss.createQueue(PLATFORM_CHECK_QUEUE, queue);
    await boss.updateQueue(PLATFORM_CHECK_QUEUE, queue);
    await boss.work(PLATFORM_CHECK_QUEUE, async () => {
      await runPlatformCheck();
    });
    setInterval(() => void flushHealth(), FLUSH_MS).unref();
    const send = () =>
      boss
        .send(PLATFORM_CHECK_QUEUE, null, { singletonKey: "platform", singletonSeconds: CHECK_SECONDS })
        .catch((error: unknown) => log.warn("platform check not queued", { error: String(error) }));
    setInterval(() => void send(), CHECK_SECONDS * 1000).unref();
    void send();
  })().catch((error: unknown) => {
    g.homeJobs = undefined;
    throw error;
  });
  return g.homeJobs;
}
