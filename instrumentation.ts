// At start: validate the configuration, then open the store and start the job engine with its workers
// (not while building), so a process that serves has both.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    (await import("@/lib/runtime/node-version")).exitOnOldNode();
    await import("@/lib/config/check-on-start");
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      await (await import("@/lib/db")).store();
      await (await import("@/lib/erp/service")).startTransferJobs();
      await (await import("@/lib/alerts/jobs")).startAlertJobs();
      await (await import("@/lib/schedules/jobs")).startScheduleJobs();
      await (await import("@/lib/home/jobs")).startHomeJobs();
    }
  }
}
