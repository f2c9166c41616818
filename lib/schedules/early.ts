import "server-only";
import { recordAudit, type ServiceContext } from "@/lib/audit";
import { db } from "@/lib/store";
import type { JobEngine } from "@/lib/jobs/engine";
import type { Chain } from "@/lib/jobs/periodic";
import { DomainError } from "@/lib/rules/problems";
import { toProblem } from "@/lib/server/to-problem";
import { queueSummary, sendQueued } from "@/lib/queue/service";
import { holdWindow } from "@/lib/hold/service";
import { isQuiet } from "@/lib/schedules/next";
import { earlySchedules, recordScheduleRun } from "@/lib/schedules/store";
import type { ScheduleRecord } from "@/lib/schedules/tables";

// Near-real-time sending: every trigger (a push, the age check) sends a job to one "stately" queue, which keeps at
// most one job waiting and one running across instances, so a burst gives one run; the queue's own take sends each order once.

export const EARLY_QUEUE = "schedules-early";
export const EARLY_CHECK: Chain = { queue: "schedules-early-check", seconds: 5, expireInSeconds: 5 * 60 };

export interface EarlyDue {
  row: ScheduleRecord;
  reason: "waiting" | "oldest";
  waiting: number;
  oldestSeconds: number;
}

/** The first active transfer schedule, inside its active hours, whose threshold the queue has reached; null while transfers are held. */
export async function earlyDue(now = new Date()): Promise<EarlyDue | null> {
  const conn = await db();
  const rows = await earlySchedules(conn);
  if (rows.length === 0) return null;
  const { count, oldest } = await queueSummary(conn);
  if (count === 0 || !oldest) return null;
  const oldestSeconds = Math.floor((now.getTime() - oldest.getTime()) / 1000);
  const due = rows.flatMap((row): EarlyDue[] => {
    if (row.quiet_from && row.quiet_to && isQuiet(now, row.time_zone, { from: row.quiet_from, to: row.quiet_to })) return [];
    if (row.send_when_waiting !== null && count >= row.send_when_waiting) return [{ row, reason: "waiting", waiting: count, oldestSeconds }];
    if (row.send_when_oldest_seconds !== null && oldestSeconds >= row.send_when_oldest_seconds) return [{ row, reason: "oldest", waiting: count, oldestSeconds }];
    return [];
  })[0];
  return due && !(await holdWindow(now)).held ? due : null;
}

export async function createEarlyQueue(boss: JobEngine): Promise<void> {
  await boss.createQueue(EARLY_QUEUE, { policy: "stately", notify: true, retryLimit: 0, expireInSeconds: 5 * 60 });
}

/** Sends the early-send job when a threshold is reached; a job already waiting absorbs it. */
export async function nudgeEarly(boss: JobEngine, now = new Date()): Promise<boolean> {
  if (!(await earlyDue(now))) return false;
  await boss.send(EARLY_QUEUE, null);
  return true;
}

/** The early-send job: the schedule's queue flush, as its due start would send it (the hold refuses it, the take sends each order once). */
export async function sendEarly(now = new Date()): Promise<"started" | "failed" | "none"> {
  const due = await earlyDue(now);
  if (!due) return "none";
  const { row, reason, waiting, oldestSeconds } = due;
  const conn = await db();
  const audit: ServiceContext["audit"] = (entry) => recordAudit({ ...entry, actor: null });
  const base = { scheduleId: row.id, kind: row.kind, dueAt: now };
  const why = reason === "waiting" ? `${waiting} orders waited (the threshold is ${row.send_when_waiting})` : `the oldest order had waited ${oldestSeconds} seconds (the threshold is ${row.send_when_oldest_seconds})`;
  try {
    const { run } = await sendQueued({ actor: { id: null, email: "", name: row.name ?? "" }, audit }, `schedule-early:${row.id}:${now.getTime()}`, "automatic", row.max_orders ?? undefined);
    await recordScheduleRun(conn, { ...base, outcome: "started", message: `${run.counts.total} queued orders sent before the next start: ${why}.`, transferRunId: run.id });
    return "started";
  } catch (error) {
    if (error instanceof DomainError && (error.extra?.reason === "queue_empty" || error.extra?.reason === "transfers_held")) return "none";
    const problem = toProblem(error);
    await recordScheduleRun(conn, { ...base, outcome: "failed", message: problem?.detail ?? String(error) });
    return "failed";
  }
}
