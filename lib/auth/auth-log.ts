import { log } from "@/lib/log";


const WINDOW_MS = 60_000;

function causeText(cause: unknown): string | undefined {
  const err = cause && typeof cause === "object" && "err" in cause ? (cause as { err: unknown }).err : cause;
  return err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : undefined;
}

export function clientCaused(type: string, message: string): boolean {
  return type === "InvalidCallbackUrl" || (type === "TypeError" && message === "Invalid URL");
}

export function authErrorLogger(now: () => number = Date.now) {
  // One warning a minute per kind, with how many were left out, so that a flood of bad requests is one line a minute.
  const quiet = new Map<string, { until: number; skipped: number }>();
  return (error: Error): void => {
    const type = (error as { type?: string }).type ?? error.name;
    if (type === "CredentialsSignin") return;
    const fields = { type, message: error.message.slice(0, 300), cause: causeText(error.cause) };
    if (type === "JWTSessionError") return log.warn("auth error", { event: "auth.error", ...fields });
    if (!clientCaused(type, error.message)) return log.error("auth error", { event: "auth.error", ...fields });
    const at = now();
    const seen = quiet.get(type);
    if (seen && at < seen.until) {
      seen.skipped++;
      return;
    }
    quiet.set(type, { until: at + WINDOW_MS, skipped: 0 });
    log.warn("auth request refused", { event: "auth.refused", ...fields, ...(seen?.skipped ? { skippedSinceLast: seen.skipped } : {}) });
  };
}
