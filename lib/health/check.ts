import type { Kysely } from "kysely";
import type { AlertEvent } from "@/lib/alerts/events";
import type { Database } from "@/lib/store/schema";
import { KEEP_MS, mergeLocal, minuteOf, probeDue, summarize, type CallRecorder, type PlatformHealth } from "@/lib/health/calls";
import { checkSilence, flushMinutes, readMinutes, type SilenceDecision } from "@/lib/health/store";

// The silent-platform check itself, without "server-only" so tests can run it against a real store and emulator.

export interface PlatformCheckDeps {
  conn: Kysely<Database>;
  recorder: CallRecorder;
  instanceId: string;
  ping: () => Promise<unknown>;
  silentMinutes: number;
  raise: (event: Extract<AlertEvent, { type: "platform.unanswered" }>) => Promise<void>;
  now?: () => number;
  flush?: () => Promise<void>;
}

export async function platformCheck(deps: PlatformCheckDeps): Promise<SilenceDecision & { health: PlatformHealth; probed: boolean }> {
  const now = deps.now ?? Date.now;
  const read = async () => {
    const at = now();
    await (deps.flush ? deps.flush() : flushMinutes(deps.conn, deps.instanceId, deps.recorder.takeDirty(), at));
    return summarize(mergeLocal(await readMinutes(deps.conn, at), deps.instanceId, deps.recorder.since(minuteOf(at - KEEP_MS))), at);
  };
  let health = await read();
  const probed = probeDue(health, now());
  if (probed) {
    // A failed ping is the finding, not an error.
    await deps.ping().catch(() => undefined);
    health = await read();
  }
  const decision = await checkSilence(deps.conn, health, deps.silentMinutes, now());
  if (decision.raise) {
    await deps.raise({ type: "platform.unanswered", minutes: decision.raise.minutes, since: decision.raise.since, lastError: decision.raise.lastError, at: new Date(now()).toISOString() });
  }
  return { ...decision, health, probed };
}
