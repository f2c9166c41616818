import "server-only";
import { getConfig } from "@/lib/config";
import { store } from "@/lib/store";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { forget, hasStarted, once, startedOnce } from "@/lib/jobs/once";

const ENGINE = "job engine";

export function jobs(): Promise<JobEngine> {
  const config = getConfig();
  return once(ENGINE, async () => startEngine(await store(), { superviseSeconds: config.jobs.superviseSeconds, poolSize: config.demoMode ? 1 : 3 }));
}

export const jobsStarted = (): boolean => hasStarted(ENGINE);

export async function stopJobs(): Promise<void> {
  const boss = await forget<JobEngine>(ENGINE)?.catch(() => undefined);
  await boss?.stop();
}

/** The pool stays open after the drain, so requests still in flight can send jobs; closeJobs() closes it. */
export async function drainJobs(deadlineAt: number): Promise<void> {
  const boss = await startedOnce<JobEngine>(ENGINE)?.catch(() => undefined);
  if (!boss) return;
  const timeout = Math.max(1000, deadlineAt - Date.now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopped = boss.stop({ graceful: true, close: false, timeout });
  // The engine's own wait starts a little later than this one: a stop that ends first had every handler return.
  const inTime = await Promise.race([stopped.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), timeout)))]);
  clearTimeout(timer);
  await stopped;
  if (!inTime) throw new Error("job handlers were still running at the deadline; their jobs were failed for another instance to recover");
}

export async function closeJobs(): Promise<void> {
  const boss = await startedOnce<JobEngine>(ENGINE)?.catch(() => undefined);
  await boss?.stop({ close: true });
}
