import "server-only";
import { getConfig } from "@/lib/config";
import { store } from "@/lib/db";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";

// The process's one job engine, on the process's store.

// On globalThis: Next may load this module once per bundle layer.
const g = globalThis as unknown as { jobEngine?: Promise<JobEngine> };

export function jobs(): Promise<JobEngine> {
  g.jobEngine ??= (async () => startEngine(await store(), { superviseSeconds: getConfig().jobs.superviseSeconds }))().catch((error: unknown) => {
    g.jobEngine = undefined;
    throw error;
  });
  return g.jobEngine;
}

/** Stops the engine: its workers' jobs in hand fail over to the recovery queue, for any instance to take over. */
export async function stopJobs(): Promise<void> {
  const started = g.jobEngine;
  g.jobEngine = undefined;
  const boss = await started?.catch(() => undefined);
  await boss?.stop();
}
