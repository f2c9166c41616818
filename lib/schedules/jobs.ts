import "server-only";

/** This process's schedules queues and workers on the job engine; started once, before the process serves (instrumentation.ts). */
export async function startScheduleJobs(): Promise<void> {}
