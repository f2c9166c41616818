// At start: validate the configuration, then start the sweeper that marks runs whose owner stopped (not while building).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    (await import("@/lib/runtime/node-version")).exitOnOldNode();
    await import("@/lib/config/check-on-start");
    if (process.env.NEXT_PHASE !== "phase-production-build") (await import("@/lib/erp/service")).startRunSweeper();
  }
}
