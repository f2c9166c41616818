// Validates the configuration once when the server starts, then starts the sweeper that marks
// ERP runs whose owner stopped as interrupted (Node runtime only; not while building).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    (await import("@/lib/runtime/node-version")).exitOnOldNode();
    await import("@/lib/config/check-on-start");
    if (process.env.NEXT_PHASE !== "phase-production-build") (await import("@/lib/erp/service")).startRunSweeper();
  }
}
