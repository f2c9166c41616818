import { isUpstreamError } from "@/lib/upstream/errors";

// The upstream check behind GET /api/health, which anyone may call: one probe at a time, its
// answer reused for a few seconds, so that hitting the route cannot spend the upstream token's
// rate limit. A failure is reused too (a rate-limited or failing upstream is not asked harder).

export const HEALTH_PROBE_TTL_MS = 5_000;

export type HealthSnapshot =
  | { reachable: true; latencyMs: number }
  | { reachable: false; reason: string; upstreamStatus: number | null };

export interface HealthProbeOptions {
  /** How long an answer is reused, counted from when it arrived. */
  ttlMs?: number;
  /** Monotonic clock in milliseconds (tests). */
  now?: () => number;
}

/** `ping` must not retry: one check is one upstream call. */
export function createHealthProbe(ping: () => Promise<{ latencyMs: number }>, options: HealthProbeOptions = {}) {
  const ttlMs = options.ttlMs ?? HEALTH_PROBE_TTL_MS;
  const now = options.now ?? (() => performance.now());
  let cached: { at: number; snapshot: HealthSnapshot } | undefined;
  let inFlight: Promise<HealthSnapshot> | undefined;

  async function probe(): Promise<HealthSnapshot> {
    try {
      const { latencyMs } = await ping();
      return { reachable: true, latencyMs };
    } catch (error) {
      return isUpstreamError(error)
        ? { reachable: false, reason: error.kind, upstreamStatus: error.status }
        : { reachable: false, reason: "internal", upstreamStatus: null };
    }
  }

  return function check(): Promise<HealthSnapshot> {
    if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.snapshot);
    inFlight ??= probe().then((snapshot) => {
      cached = { at: now(), snapshot };
      inFlight = undefined;
      return snapshot;
    });
    return inFlight;
  };
}
