// Not while building; a process that serves has its store and job engine, and scripts/server.ts runs the stop hooks below.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    (await import("@/lib/runtime/node-version")).exitOnOldNode();
    await import("@/lib/config/check-on-start");
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const tracing = await (await import("@/lib/trace/sdk")).startTracing(process.env, process.env.CONSOLE_BUILD_VERSION);
      const { store } = await import("@/lib/store");
      const config = (await import("@/lib/config")).getConfig();
      // Outside demo mode no default account exists (the first admin comes from `npm run team`).
      await (await import("@/lib/boot/features")).bootConsole((await store()).db, { demoPassword: config.demoMode ? config.demoPassword : null });

      const { onClose, onDrain } = await import("@/lib/jobs/shutdown");
      const engine = await import("@/lib/jobs");
      const { stopInstanceTimers } = await import("@/lib/jobs/periodic");
      const { flushHealth } = await import("@/lib/health");
      (await import("@/lib/upstream")).observeUpstreamCalls("metrics", (await import("@/lib/metrics")).observeUpstreamCall);
      // Drained together: a transfer hands its run over, a tick or check has sent its successor for another instance.
      onDrain("instance timers", stopInstanceTimers);
      onDrain("job engine", engine.drainJobs);
      // Closed in reverse: the last call figures, then the engine's pool, then the store, then the traces.
      if (tracing) onClose("traces", tracing.shutdown);
      onClose("store", async () => (await store()).close());
      onClose("job engine pool", engine.closeJobs);
      onClose("call figures", flushHealth);
    }
  }
}
