import "server-only";
import { db } from "@/lib/store";
import { jobs } from "@/lib/jobs";
import type { JobEngine } from "@/lib/jobs/engine";
import { log } from "@/lib/log";
import { createDeliveryQueue, workDeliveries } from "@/lib/alerts/engine";
import { alertSettings } from "@/lib/alerts/settings";

// On globalThis: Next may load this module once per bundle layer; one set of workers per process.
const g = globalThis as unknown as { alertJobs?: Promise<JobEngine> };

/** This process's alerts queues and workers on the job engine; started once, before the process serves (instrumentation.ts). */
export function startAlertJobs(): Promise<JobEngine> {
  g.alertJobs ??= (async () => {
    const boss = await jobs();
    const settings = alertSettings();
    await createDeliveryQueue(boss, settings.queue);
    await workDeliveries(boss, {
      db: await db(),
      authSecret: settings.authSecret,
      consoleUrl: settings.consoleUrl,
      timeoutMs: settings.sendTimeoutMs,
      targets: settings.targets,
      onWarn: (message, fields) => log.warn(message, fields),
    });
    return boss;
  })().catch((error: unknown) => {
    g.alertJobs = undefined;
    throw error;
  });
  return g.alertJobs;
}

/** Stops this process's alert workers with the engine (tests, shutdown). */
export async function stopAlertJobs(): Promise<void> {
  const started = g.alertJobs;
  g.alertJobs = undefined;
  await started?.catch(() => undefined);
  const { stopJobs } = await import("@/lib/jobs");
  await stopJobs();
}
