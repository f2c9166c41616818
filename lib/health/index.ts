import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/store";
import { log } from "@/lib/log";
import { observeUpstreamCalls } from "@/lib/upstream";
import { CallRecorder, summarize, type PlatformHealth, type UpstreamCallEntry } from "@/lib/health/calls";
import { platformCheck, type PlatformCheckDeps } from "@/lib/health/check";
import { flushMinutes, readBuckets, readMinutes } from "@/lib/health/store";
import { bucketMinutes, bucketStart, fillHistory, historyStart, HISTORY_BUCKET_MS, type CallHistory } from "@/lib/health/history";
import { KEEP_MS, mergeLocal, minuteOf } from "@/lib/health/calls";

// On globalThis: Next loads this module once per bundle layer, and every layer's upstream client must count into one recorder.

const g = globalThis as unknown as { healthRecorder?: CallRecorder; healthInstance?: string; healthFlush?: Promise<void> };
const recorder = (g.healthRecorder ??= new CallRecorder());
export const HEALTH_INSTANCE = (g.healthInstance ??= randomUUID());

export function recordUpstreamCall(entry: UpstreamCallEntry): void {
  recorder.record(entry);
}
observeUpstreamCalls("health", recordUpstreamCall);

export function flushHealth(): Promise<void> {
  g.healthFlush ??= (async () => {
    const minutes = recorder.takeDirty();
    try {
      await flushMinutes(await db(), HEALTH_INSTANCE, minutes);
    } catch (error) {
      recorder.markDirty(minutes.map((m) => m.minute));
      log.warn("upstream call figures not flushed", { event: "health.flush_failed", error: String(error) });
    }
  })().finally(() => {
    g.healthFlush = undefined;
  });
  return g.healthFlush;
}

export async function runPlatformCheckWith(deps: Omit<PlatformCheckDeps, "conn" | "recorder" | "instanceId">) {
  return platformCheck({ ...deps, conn: await db(), recorder, instanceId: HEALTH_INSTANCE, flush: flushHealth });
}

export async function readPlatformHealth(now = Date.now()): Promise<PlatformHealth> {
  const stored = await readMinutes(await db(), now);
  return summarize(mergeLocal(stored, HEALTH_INSTANCE, recorder.since(minuteOf(now - KEEP_MS))), now);
}

/** Older intervals summed by the store; the last hours from raw minutes merged with this instance's unflushed ones. */
export async function readCallHistory(now = Date.now()): Promise<CallHistory> {
  const conn = await db();
  const split = bucketStart(now - KEEP_MS) + HISTORY_BUCKET_MS;
  const [older, stored] = await Promise.all([readBuckets(conn, historyStart(now), split), readMinutes(conn, now, new Date(split).toISOString())]);
  const recent = mergeLocal(stored, HEALTH_INSTANCE, recorder.since(new Date(split).toISOString()));
  return fillHistory([...older, ...bucketMinutes(recent)], now);
}
export { openOutage } from "@/lib/health/store";
