// Not while building; a process that serves has its store and job engine, and scripts/server.ts runs the stop hooks below.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    (await import("@/lib/runtime/node-version")).exitOnOldNode();
    await import("@/lib/config/check-on-start");
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const { store } = await import("@/lib/store");
      await store();
      await (await import("@/lib/erp/service")).startTransferJobs();
      await (await import("@/lib/alerts/jobs")).startAlertJobs();
      await (await import("@/lib/schedules/jobs")).startScheduleJobs();
      await (await import("@/lib/home/jobs")).startHomeJobs();

      const { onClose, onDrain } = await import("@/lib/jobs/shutdown");
      const engine = await import("@/lib/jobs");
      const { stopInstanceTimers } = await import("@/lib/jobs/periodic");
      const { flushHealth } = await import("@/lib/health");
      // Drained together: a transfer hands its run over, a tick or check has sent its successor for another instance.
      onDrain("instance timers", stopInstanceTimers);
      onDrain("job engine", engine.drainJobs);
      // Closed in reverse: the last call figures, then the engine's pool, then the store.
      onClose("store", async () => (await store()).close());
      onClose("job engine pool", engine.closeJobs);
      onClose("call figures", flushHealth);
    }
  }
}
