import "server-only";

/** This process's alerts queues and workers on the job engine; started once, before the process serves (instrumentation.ts). */
export async function startAlertJobs(): Promise<void> {}
