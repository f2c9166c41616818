import "server-only";
import { recordAudit } from "@/lib/audit";
import type { AuditPort } from "@/lib/audit/row";
import { getConfig } from "@/lib/config";
import type { Transaction } from "kysely";
import { db } from "@/lib/store";
import type { Database } from "@/lib/store/schema";
import { jobs } from "@/lib/jobs";
import type { JobEngine } from "@/lib/jobs/engine";
import { once } from "@/lib/jobs/once";
import { startChain } from "@/lib/jobs/periodic";
import { log } from "@/lib/log";
import { DomainError } from "@/lib/rules/problems";
import { sendQueuedWhileHeld } from "@/lib/queue/service";
import { holdWindow } from "@/lib/hold/service";
import { claimDrain, claimProbe, HOLD_ID, readBreaker, writeBreaker } from "@/lib/hold/store";

// A chain on the job engine: the claims below are single conditional updates, so of all instances one probes and one drains.

const TARGET = { type: "transfer_hold", id: HOLD_ID };
const BREAKER_ACTOR = { id: null, email: "", name: "" };
const audit: AuditPort = (entry) => recordAudit({ ...entry, actor: null });

export type BreakerTick = "probe" | "nothing_to_probe" | "drain" | "reopened" | "none";

/** Due work of the breaker: the drain after a close, a probe while open, a probe that never answered. */
export async function runBreakerTick(now = new Date()): Promise<BreakerTick> {
  const conn = await db();
  const { breaker: settings, erp } = getConfig();
  const hold = await holdWindow(now);
  // A person's hold outranks the breaker: nothing goes, not even a probe, until a person lifts it.
  if (hold.person) return "none";
  const ctx = { actor: BREAKER_ACTOR, audit };
  const stuck = await readBreaker(conn);
  if (stuck?.state === "closed" && stuck.drain_due) {
    // Claimed in the take's transaction: until it commits, automatic sends still see the hold, so none takes what waited unpaced.
    const claim = async (trx: Transaction<Database>) => (await claimDrain(trx)) !== undefined;
    const sent = await sendQueuedWhileHeld(ctx, `breaker-drain:${stuck.closed_at?.getTime()}`, "automatic", erp.maxOrdersPerRun, settings.drainBatchesPerMinute, claim).catch(nothingQueued);
    if (sent?.created) return "drain";
    if (!sent) await claimDrain(conn);
    return "none";
  }
  const stuckAfterMs = Math.max(2 * settings.probeSeconds * 1000, 120_000);
  if (stuck?.state === "half_open" && now.getTime() - stuck.updated_at.getTime() > stuckAfterMs) {
    return (await writeBreaker(conn, { state: "open", next_probe_at: now, probe_run_id: null, updated_at: now }, { state: "half_open", updatedAt: stuck.updated_at })) ? "reopened" : "none";
  }
  if (!(await claimProbe(conn, now))) return "none";
  const next = new Date(now.getTime() + settings.probeSeconds * 1000);
  try {
    const sent = await sendQueuedWhileHeld(ctx, `breaker-probe:${now.getTime()}`, "automatic", Math.min(settings.probeOrders, erp.batchSize)).catch(nothingQueued);
    if (!sent) {
      await writeBreaker(conn, { state: "open", next_probe_at: next, updated_at: now }, { state: "half_open" });
      return "nothing_to_probe";
    }
    await writeBreaker(conn, { probe_run_id: sent.run.id }, { state: "half_open" });
    await audit({ action: "erp.breaker", target: TARGET, outcome: "success", message: `Probe sent while transfers are held automatically: ${sent.run.counts.total} queued orders in one batch.`, details: { event: "probe", runId: sent.run.id, orders: sent.run.counts.total } });
    return "probe";
  } catch (error) {
    await writeBreaker(conn, { state: "open", next_probe_at: next, updated_at: now }, { state: "half_open" });
    throw error;
  }
}

function nothingQueued(error: unknown): null {
  if (error instanceof DomainError && error.extra?.reason === "queue_empty") return null;
  throw error;
}

export function startBreakerJobs(): Promise<JobEngine> {
  return once("breaker jobs", async () => {
    const boss = await jobs();
    const seconds = Math.min(5, getConfig().breaker.probeSeconds);
    await startChain(boss, { queue: "breaker-tick", seconds, expireInSeconds: 5 * 60 }, async () => {
      const done = await runBreakerTick();
      if (done !== "none") log.info("breaker ticked", { done, pid: process.pid });
    });
    return boss;
  });
}
