import type { JobEngine } from "@/lib/jobs/engine";

// The silent-platform check's queue on the job engine, without "server-only" so tests can start several engines.
// Every instance sends a check each period; the singleton key keeps one job per period across instances.

export const PLATFORM_CHECK_QUEUE = "home.platform-check";
export const CHECK_SECONDS = 30;

export async function createPlatformCheckQueue(boss: JobEngine): Promise<void> {
  const queue = { retryLimit: 0, expireInSeconds: 120 };
  await boss.createQueue(PLATFORM_CHECK_QUEUE, queue);
  await boss.updateQueue(PLATFORM_CHECK_QUEUE, queue);
}

export function sendPlatformCheck(boss: JobEngine): Promise<string | null> {
  return boss.send(PLATFORM_CHECK_QUEUE, null, { singletonKey: "platform", singletonSeconds: CHECK_SECONDS });
}
