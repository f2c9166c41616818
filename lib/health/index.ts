import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/store";
import { log } from "@/lib/log";
import { CallRecorder, summarize, type PlatformHealth, type UpstreamCallEntry } from "@/lib/health/calls";
import { platformCheck, type PlatformCheckDeps } from "@/lib/health/check";
import { flushMinutes, readMinutes } from "@/lib/health/store";
import { KEEP_MS, mergeLocal, minuteOf } from "@/lib/health/calls";

// This process's recorder of upstream calls. On globalThis: Next loads this module once per bundle layer, and the
// upstream client of every layer must count into the one recorder this process flushes.

const g = globalThis as unknown as { healthRecorder?: CallRecorder; healthInstance?: string; healthFlush?: Promise<void> };
const recorder = (g.healthRecorder ??= new CallRecorder());
export const HEALTH_INSTANCE = (g.healthInstance ??= randomUUID());

/** The upstream client's onCall: a few field updates in memory, never a store write. */
export function recordUpstreamCall(entry: UpstreamCallEntry): void {
  recorder.record(entry);
}

/** Writes this instance's changed minutes to the store; concurrent callers share one write. */
export function flushHealth(): Promise<void> {
  g.healthFlush ??= (async () => {
    const minutes = recorder.takeDirty();
    try {
      await flushMinutes(await db(), HEALTH_INSTANCE, minutes);
    } catch (error) {
      recorder.markDirty(minutes.map((m) => m.minute));
      log.warn("upstream call figures not flushed", { error: String(error) });
    }
  })().finally(() => {
    g.healthFlush = undefined;
  });
  return g.healthFlush;
}

/** The silent-platform check on this process's recorder (lib/home/jobs.ts runs it once per period across instances). */
export async function runPlatformCheckWith(deps: Omit<PlatformCheckDeps, "conn" | "recorder" | "instanceId">) {
  return platformCheck({ ...deps, conn: await db(), recorder, instanceId: HEALTH_INSTANCE, flush: flushHealth });
}

/** Every instance's figures from the store, with this instance's own fresher minutes (a read, no write). */
export async function readPlatformHealth(now = Date.now()): Promise<PlatformHealth> {
  const stored = await readMinutes(await db(), now);
  return summarize(mergeLocal(stored, HEALTH_INSTANCE, recorder.since(minuteOf(now - KEEP_MS))), now);
}
