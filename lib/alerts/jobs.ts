import "server-only";
import { db } from "@/lib/store";
import { jobs } from "@/lib/jobs";
import type { JobEngine } from "@/lib/jobs/engine";
import { forget, once } from "@/lib/jobs/once";
import { log } from "@/lib/log";
import { createDeliveryQueue, workDeliveries } from "@/lib/alerts/engine";
import { alertSettings } from "@/lib/alerts/settings";

const ALERT_JOBS = "alert jobs";

export function startAlertJobs(): Promise<JobEngine> {
  return once(ALERT_JOBS, async () => {
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
  });
}

export async function stopAlertJobs(): Promise<void> {
  await forget(ALERT_JOBS)?.catch(() => undefined);
  const { stopJobs } = await import("@/lib/jobs");
  await stopJobs();
}
