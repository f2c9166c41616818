import "server-only";
import { flushHealth } from "@/lib/health";
import { jobs } from "@/lib/jobs";
import { once } from "@/lib/jobs/once";
import { everyInstance, startChain } from "@/lib/jobs/periodic";
import { PLATFORM_CHECK } from "@/lib/home/check-queue";
import { runPlatformCheck } from "@/lib/home/platform-check";

const FLUSH_MS = 20_000;

export function startHomeJobs(): Promise<void> {
  return once("home jobs", async () => {
    // Every instance: each flushes the call figures only it holds in memory.
    everyInstance("call figures", FLUSH_MS, flushHealth);
    await startChain(await jobs(), PLATFORM_CHECK, runPlatformCheck);
  });
}
