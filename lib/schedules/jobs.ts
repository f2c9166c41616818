import "server-only";
import { jobs } from "@/lib/jobs";
import type { JobEngine } from "@/lib/jobs/engine";
import { once } from "@/lib/jobs/once";
import { startChain, type Chain } from "@/lib/jobs/periodic";
import { log } from "@/lib/log";
import { runDueSchedules } from "@/lib/schedules/service";
import { createEarlyQueue, EARLY_CHECK, EARLY_QUEUE, nudgeEarly, sendEarly } from "@/lib/schedules/early";

// A chain on the job engine (lib/jobs/periodic.ts); runDueSchedules' claim makes a due start one start even if ticks overlap.

export const SCHEDULE_TICK: Chain = { queue: "schedules-tick", seconds: 15, expireInSeconds: 5 * 60 };

export function startScheduleJobs(): Promise<JobEngine> {
  return once("schedule jobs", async () => {
    const boss = await jobs();
    await startChain(boss, SCHEDULE_TICK, async () => {
      const result = await runDueSchedules();
      if (result.claimed > 0) log.info("schedules ticked", { event: "schedule.ticked", ...result, pid: process.pid });
    });
    await workEarlySends(boss);
    return boss;
  });
}

/** Near-real-time sending on this instance: the early-send worker and the age check (lib/schedules/early.ts). */
export async function workEarlySends(boss: JobEngine, check: Chain = EARLY_CHECK): Promise<void> {
  await createEarlyQueue(boss);
  await boss.work(EARLY_QUEUE, { pollingIntervalSeconds: Math.min(2, check.seconds), notifyPollingIntervalSeconds: check.seconds }, async () => {
    const done = await sendEarly();
    if (done !== "none") log.info("early send", { event: "schedule.early_send", done, pid: process.pid });
  });
  await startChain(boss, check, () => nudgeEarly(boss));
}
