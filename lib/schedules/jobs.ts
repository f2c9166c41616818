import "server-only";
import { jobs } from "@/lib/jobs";
import type { JobEngine } from "@/lib/jobs/engine";
import { log } from "@/lib/log";
import { runDueSchedules } from "@/lib/schedules/service";

// The schedule tick on the job engine: every instance offers a tick job a few times per slot,
// the engine keeps one per slot (singletonKey + singletonSeconds, across instances), one worker
// takes it; the claim in runDueSchedules makes a due start one start even if two ticks overlap.

export const SCHEDULE_TICK_QUEUE = "schedules-tick";
export const TICK_SECONDS = 15;

const g = globalThis as unknown as { scheduleJobs?: Promise<JobEngine>; scheduleTimer?: ReturnType<typeof setInterval> };

export async function createTickQueue(boss: JobEngine): Promise<void> {
  const options = { retryLimit: 0, expireInSeconds: 5 * 60, notify: true };
  await boss.createQueue(SCHEDULE_TICK_QUEUE, options);
  await boss.updateQueue(SCHEDULE_TICK_QUEUE, options);
}

/** Offers this slot's tick; a second offer in the same slot (from any instance) adds nothing. */
export function offerTick(boss: JobEngine): Promise<string | null> {
  return boss.send(SCHEDULE_TICK_QUEUE, {}, { singletonKey: "tick", singletonSeconds: TICK_SECONDS });
}

export async function workTicks(boss: JobEngine, tick: () => Promise<unknown> = runDueSchedules): Promise<void> {
  await boss.work(SCHEDULE_TICK_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await tick();
  });
}

/** This process's schedules queues and workers on the job engine; started once, before the process serves (instrumentation.ts). */
export function startScheduleJobs(): Promise<JobEngine> {
  g.scheduleJobs ??= (async () => {
    const boss = await jobs();
    await createTickQueue(boss);
    await workTicks(boss, async () => {
      const result = await runDueSchedules();
      if (result.claimed > 0) log.info("schedules ticked", { ...result, pid: process.pid });
    });
    const offer = () => void offerTick(boss).catch((error: unknown) => log.warn("schedule tick not offered", { error: String(error) }));
    offer();
    g.scheduleTimer = setInterval(offer, (TICK_SECONDS * 1000) / 3);
    g.scheduleTimer.unref?.();
    return boss;
  })().catch((error: unknown) => {
    g.scheduleJobs = undefined;
    throw error;
  });
  return g.scheduleJobs;
}

export function stopScheduleJobs(): void {
  if (g.scheduleTimer) clearInterval(g.scheduleTimer);
  g.scheduleTimer = undefined;
  g.scheduleJobs = undefined;
}
