import { isUpstreamError } from "@/lib/upstream/errors";

// GET /api/health is public: one probe at a time and its answer (a failure too) reused briefly, so callers cannot spend the token's rate limit.

export const HEALTH_PROBE_TTL_MS = 5_000;

export type HealthSnapshot =
  | { reachable: true; latencyMs: number }
  | { reachable: false; reason: string; upstreamStatus: number | null };

export interface HealthProbeOptions {
  ttlMs?: number;
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
