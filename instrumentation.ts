// Validates the configuration once when the server starts (Node runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    (await import("./lib/runtime/node-version")).exitOnOldNode();
    await import("./lib/config/check-on-start");
  }
}
