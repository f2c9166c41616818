import "server-only";
import { db } from "@/lib/store";
import { jobs } from "@/lib/jobs";
import type { JobEngine } from "@/lib/jobs/engine";
import { forget, once, startedOnce } from "@/lib/jobs/once";
import { log } from "@/lib/log";
import { startChain } from "@/lib/jobs/periodic";
import { getConfig } from "@/lib/config";
import { createDeliveryQueue, workDeliveries } from "@/lib/alerts/engine";
import { ALERT_TICK, runAlertTick } from "@/lib/alerts/digest";
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
      timeZone: getConfig().accountTimeZone,
      timeoutMs: settings.sendTimeoutMs,
      targets: settings.targets,
      onWarn: (message, fields) => log.warn(message, fields),
    });
    const tick = { db: await db(), boss, queue: settings.queue, timeZone: getConfig().accountTimeZone, orderAge: getConfig().orderAge };
    await startChain(boss, { ...ALERT_TICK, seconds: getConfig().alerts.tickSeconds }, () => runAlertTick(tick));
    return boss;
  });
}

export const alertJobsIfStarted = (): Promise<JobEngine> | undefined => startedOnce<JobEngine>(ALERT_JOBS);

export async function stopAlertJobs(): Promise<void> {
  await forget(ALERT_JOBS)?.catch(() => undefined);
  const { stopJobs } = await import("@/lib/jobs");
  await stopJobs();
}
