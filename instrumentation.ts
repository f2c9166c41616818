// At start: validate the configuration, then open the store and start the job engine with its workers
// (not while building), so a process that serves has both; and say how they stop (scripts/server.ts runs it).
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
      // Drain, all at once: no instance timer fires again; the engine's handlers finish (a transfer hands its run over,
      // a tick or check has sent its successor for another instance).
      onDrain("instance timers", stopInstanceTimers);
      onDrain("job engine", engine.drainJobs);
      // Close, in this order once no request is left: the last call figures, the engine's pool, the store.
      onClose("store", async () => (await store()).close());
      onClose("job engine pool", engine.closeJobs);
      onClose("call figures", flushHealth);
    }
  }
}
