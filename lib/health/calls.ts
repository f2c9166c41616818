// Per-minute aggregates in memory (no store write per call), flushed whole; readers merge every instance's minutes.

export interface UpstreamCallEntry {
  operation: string;
  status: number | null;
  ms: number;
  error?: string;
}

export interface MinuteAggregate {
  minute: string;
  calls: number;
  failures: number;
  latencies: number[];
  lastSuccessAt: string | null;
  failingSince: string | null;
  lastFailureAt: string | null;
  lastFailureKind: string | null;
  lastFailureOperation: string | null;
  lastFailureStatus: number | null;
}

/** Latencies kept per instance-minute: past this a reservoir sample, so a busy minute costs the same. */
export const LATENCY_SAMPLE = 256;
export const HEALTH_WINDOW_MS = 60 * 60_000;
export const KEEP_MS = 3 * 60 * 60_000;
/** The store keeps a day of minutes for the home page's chart; the memory and the health figures keep KEEP_MS. */
export const HISTORY_MS = 24 * 60 * 60_000;

const MINUTE_MS = 60_000;

export function minuteOf(at: number): string {
  return new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS).toISOString();
}

/** A 4xx is an answer (the platform refused); no answer in time, no connection, a 5xx or a non-API body is not. */
export function isUnanswered(entry: UpstreamCallEntry): boolean {
  if (!entry.error) return false;
  if (entry.error === "http" && entry.status !== null && entry.status < 500) return false;
  return true;
}

export class CallRecorder {
  private minutes = new Map<string, MinuteAggregate>();
  private dirty = new Set<string>();

  constructor(
    private readonly random: () => number = Math.random,
    private readonly clock: () => number = Date.now,
  ) {}

  record(entry: UpstreamCallEntry, at = this.clock()): void {
    const key = minuteOf(at);
    let m = this.minutes.get(key);
    if (!m) {
      m = {
        minute: key,
        calls: 0,
        failures: 0,
        latencies: [],
        lastSuccessAt: null,
        failingSince: null,
        lastFailureAt: null,
        lastFailureKind: null,
        lastFailureOperation: null,
        lastFailureStatus: null,
      };
      this.minutes.set(key, m);
      this.prune(at);
    }
    this.dirty.add(key);
    m.calls++;
    const when = new Date(at).toISOString();
    if (isUnanswered(entry)) {
      m.failures++;
      m.failingSince ??= when;
      m.lastFailureAt = when;
      m.lastFailureKind = entry.error ?? "http";
      m.lastFailureOperation = entry.operation;
      m.lastFailureStatus = entry.status;
      return;
    }
    m.lastSuccessAt = when;
    m.failingSince = null;
    const ms = Math.max(0, Math.round(entry.ms));
    if (m.latencies.length < LATENCY_SAMPLE) m.latencies.push(ms);
    else {
      // Reservoir sampling: every answered call of the minute has the same chance to be kept.
      const answered = m.calls - m.failures;
      const slot = Math.floor(this.random() * answered);
      if (slot < LATENCY_SAMPLE) m.latencies[slot] = ms;
    }
  }

  takeDirty(): MinuteAggregate[] {
    const out = [...this.dirty].flatMap((k) => {
      const m = this.minutes.get(k);
      return m ? [{ ...m, latencies: [...m.latencies] }] : [];
    });
    this.dirty.clear();
    return out;
  }

  markDirty(minutes: readonly string[]): void {
    for (const k of minutes) if (this.minutes.has(k)) this.dirty.add(k);
  }

  since(from: string): MinuteAggregate[] {
    return [...this.minutes.values()].filter((m) => m.minute >= from).map((m) => ({ ...m, latencies: [...m.latencies] }));
  }

  private prune(now: number): void {
    const oldest = minuteOf(now - KEEP_MS);
    for (const k of this.minutes.keys()) {
      if (k < oldest) {
        this.minutes.delete(k);
        this.dirty.delete(k);
      }
    }
  }
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface PlatformHealth {
  windowMinutes: number;
  calls: number;
  failures: number;
  errorRate: number | null;
  medianLatencyMs: number | null;
  lastSuccessAt: string | null;
  lastFailure: { at: string; kind: string; operation: string | null; status: number | null } | null;
  failingSince: string | null;
  lastCallAt: string | null;
}

const maxIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export function summarize(rows: readonly MinuteAggregate[], now: number, windowMs = HEALTH_WINDOW_MS): PlatformHealth {
  const from = minuteOf(now - windowMs + MINUTE_MS);
  let calls = 0;
  let failures = 0;
  const latencies: number[] = [];
  let lastSuccessAt: string | null = null;
  let lastFailure: PlatformHealth["lastFailure"] = null;
  for (const m of rows) {
    if (m.minute >= from) {
      calls += m.calls;
      failures += m.failures;
      latencies.push(...m.latencies);
    }
    lastSuccessAt = maxIso(lastSuccessAt, m.lastSuccessAt);
    if (m.lastFailureAt && (!lastFailure || m.lastFailureAt > lastFailure.at)) {
      lastFailure = { at: m.lastFailureAt, kind: m.lastFailureKind ?? "http", operation: m.lastFailureOperation, status: m.lastFailureStatus };
    }
  }
  let failingSince: string | null = null;
  if (lastFailure && (!lastSuccessAt || lastFailure.at > lastSuccessAt)) {
    // The earliest failure after the last success anywhere; a minute's own marker can predate another instance's success.
    for (const m of rows) {
      const candidate = m.failingSince && (!lastSuccessAt || m.failingSince > lastSuccessAt) ? m.failingSince : m.lastFailureAt && (!lastSuccessAt || m.lastFailureAt > lastSuccessAt) ? m.lastFailureAt : null;
      if (candidate && (!failingSince || candidate < failingSince)) failingSince = candidate;
    }
  }
  return {
    windowMinutes: Math.round(windowMs / MINUTE_MS),
    calls,
    failures,
    errorRate: calls ? failures / calls : null,
    medianLatencyMs: median(latencies),
    lastSuccessAt,
    lastFailure,
    failingSince,
    lastCallAt: maxIso(lastSuccessAt, lastFailure?.at ?? null),
  };
}

export function mergeLocal(stored: readonly (MinuteAggregate & { instanceId: string })[], instanceId: string, local: readonly MinuteAggregate[]): MinuteAggregate[] {
  const mine = new Set(local.map((m) => m.minute));
  return [...stored.filter((r) => r.instanceId !== instanceId || !mine.has(r.minute)), ...local];
}

/** With no call from anyone for this long, the check asks the platform itself (one cheap read). */
export const PROBE_IDLE_MS = 5 * 60_000;
/** While calls are failing, it asks this often, so an outage is seen to last (or end) without anyone's call. */
export const PROBE_FAILING_MS = 60_000;

export function probeDue(health: Pick<PlatformHealth, "lastCallAt" | "failingSince">, now: number): boolean {
  if (!health.lastCallAt) return true;
  const idle = now - Date.parse(health.lastCallAt);
  return idle >= (health.failingSince ? PROBE_FAILING_MS : PROBE_IDLE_MS);
}
