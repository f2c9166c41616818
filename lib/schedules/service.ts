import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import { recordAudit, type ServiceContext } from "@/lib/audit";
import { raiseAlert } from "@/lib/alerts/events";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { startImport } from "@/lib/erp/service";
import { toProblem } from "@/lib/server/to-problem";
import { log } from "@/lib/log";
import { DomainError } from "@/lib/rules/problems";
import type { ScheduleListState } from "@/lib/schedules/lists";
import { issuesFailed } from "@/lib/i18n/validation";
import { scheduleBodySchema, toScheduleFields, type ScheduleBody, type ScheduleList, type ScheduleRow, type ScheduleSpec } from "@/lib/schedules/schemas";
import {
  claimDue,
  deleteSchedule,
  dueSchedules,
  getSchedule,
  insertSchedule,
  scheduleHistory,
  listSchedules,
  countSchedules,
  recordScheduleRun,
  setPaused,
  specOf,
  toScheduleRow,
  updateSchedule,
} from "@/lib/schedules/store";
import type { ScheduleKind, ScheduleRecord } from "@/lib/schedules/tables";
import { sendQueued } from "@/lib/queue/service";
import { startReconciliation } from "@/lib/reconcile/service";
import { RECONCILE_DEFAULT_WINDOW_HOURS } from "@/lib/schedules/constants";
import { holdWindow } from "@/lib/hold/service";
import { jobs, jobsStarted } from "@/lib/jobs";
import { nudgeEarly } from "@/lib/schedules/early";

export interface ScheduleContext extends ServiceContext {
  actor: { id: number | null; email: string; name: string };
}

const NO_SCHEDULE = "There is no schedule with this id.";
/** A due start found later than this (no instance ran) is recorded as missed instead of started late. */
export const MISSED_AFTER_MS = 10 * 60_000;

export async function listAllSchedules(query: ScheduleListState): Promise<ScheduleList> {
  const config = getConfig();
  const conn = await db();
  const [items, total] = await Promise.all([listSchedules(conn, query), countSchedules(conn)]);
  return { items, total, defaultTimeZone: config.accountTimeZone, windowMinutes: config.erp.importRepeatWindowMinutes };
}

const target = (id: string) => ({ type: "schedule", id });
const what = (kind: ScheduleKind) => (kind === "transfer" ? "order transfer" : kind === "reconcile" ? "reconciliation" : `${kind} import`);
const audited = (row: ScheduleRecord) => {
  const { history: _history, ...rest } = toScheduleRow(row);
  return rest;
};

const specOfBody = ({ paused: _paused, ...body }: ScheduleBody): ScheduleSpec => ({ ...body, timeZone: body.timeZone ?? getConfig().accountTimeZone });

export async function createSchedule(ctx: ScheduleContext, body: ScheduleBody): Promise<ScheduleRow> {
  const row = await insertSchedule(await db(), specOfBody(body), ctx.actor.email);
  await ctx.audit({ action: "schedule.create", target: target(row.id), outcome: "success", message: `Schedule created for the ${what(row.kind)}.`, after: audited(row) });
  return body.paused ? pauseSchedule(ctx, row.id, true) : toScheduleRow(row);
}

export async function changeSchedule(ctx: ScheduleContext, id: string, body: ScheduleBody): Promise<ScheduleRow> {
  const conn = await db();
  const before = await getSchedule(conn, id);
  if (!before) throw new DomainError("not_found", NO_SCHEDULE);
  const spec = specOfBody(body);
  const row = same(before, spec) ? before : await updateSchedule(conn, id, spec, ctx.actor.email);
  if (!row) throw new DomainError("not_found", NO_SCHEDULE);
  if (row !== before) await ctx.audit({ action: "schedule.update", target: target(id), outcome: "success", message: `Schedule for the ${what(row.kind)} changed.`, before: audited(before), after: audited(row) });
  return body.paused !== undefined && body.paused !== row.paused ? pauseSchedule(ctx, id, body.paused) : toScheduleRow(row);
}

const same = (row: ScheduleRecord, spec: ScheduleSpec) => JSON.stringify(toScheduleFields(specOf(row))) === JSON.stringify(toScheduleFields(spec));

// PATCH: the fields given laid over the schedule as it is, then checked whole as a PUT body is.
export async function patchSchedule(ctx: ScheduleContext, id: string, changes: Record<string, unknown>): Promise<ScheduleRow> {
  const current = await getSchedule(await db(), id);
  if (!current) throw new DomainError("not_found", NO_SCHEDULE);
  const parsed = scheduleBodySchema.safeParse({ ...toScheduleFields(specOf(current)), ...changes });
  if (!parsed.success) throw issuesFailed(parsed.error.issues, "body");
  return changeSchedule(ctx, id, parsed.data);
}

export async function pauseSchedule(ctx: ScheduleContext, id: string, paused: boolean): Promise<ScheduleRow> {
  const conn = await db();
  const row = await setPaused(conn, id, paused, ctx.actor.email);
  if (!row) {
    const current = await getSchedule(conn, id);
    if (!current) throw new DomainError("not_found", NO_SCHEDULE);
    return toScheduleRow(current); // Already so: nothing changed, nothing to record.
  }
  await ctx.audit({
    action: paused ? "schedule.pause" : "schedule.resume",
    target: target(id),
    outcome: "success",
    message: paused ? `Schedule for the ${what(row.kind)} paused.` : `Schedule for the ${what(row.kind)} resumed; next start ${row.next_start_at?.toISOString() ?? "none"}.`,
    details: { nextStartAt: row.next_start_at },
  });
  if (paused) {
    await raiseAlert({ type: "schedule.paused", scheduleId: id, kind: row.kind, by: { email: ctx.actor.email, name: ctx.actor.name }, at: row.updated_at.toISOString() }).catch((error: unknown) =>
      log.error("schedule alert not raised", { event: "schedule.alert_failed", error: String(error) }),
    );
  }
  return toScheduleRow(row);
}

/** One start now, as a due start would be, leaving the next start where it is; paused schedules too. */
export async function runScheduleNow(ctx: ScheduleContext, id: string, now = new Date()): Promise<ScheduleRow> {
  const conn = await db();
  const row = await getSchedule(conn, id);
  if (!row) throw new DomainError("not_found", NO_SCHEDULE);
  const hold = await holdWindow(now);
  const outcome = await fire({ ...row, next_start_at: now }, now, hold.liftedAt);
  await ctx.audit({ action: "schedule.run", target: target(id), outcome: outcome === "failed" ? "failure" : "success", message: `Schedule for the ${what(row.kind)} started now by hand (${outcome}).`, details: { kind: row.kind, outcome } });
  return toScheduleRow((await getSchedule(conn, id)) ?? row, await scheduleHistory(conn, id));
}

export async function removeSchedule(ctx: ScheduleContext, id: string): Promise<void> {
  const row = await deleteSchedule(await db(), id);
  if (!row) throw new DomainError("not_found", NO_SCHEDULE);
  await ctx.audit({ action: "schedule.delete", target: target(id), outcome: "success", message: `Schedule for the ${what(row.kind)} deleted.`, before: audited(row) });
}

export interface TickResult {
  claimed: number;
  started: number;
  failed: number;
  skipped: number;
}

export async function runDueSchedules(now = new Date()): Promise<TickResult> {
  const conn = await db();
  const result: TickResult = { claimed: 0, started: 0, failed: 0, skipped: 0 };
  const hold = await holdWindow(now);
  for (const row of await dueSchedules(conn, now)) {
    // A transfer due while transfers are on hold stays due: it starts on the first tick after the hold lifts.
    if (row.kind === "transfer" && hold.held) continue;
    const { claimed } = await claimDue(conn, row, now);
    if (!claimed) continue;
    result.claimed++;
    const outcome = await fire(row, now, hold.liftedAt).catch((error: unknown) => {
      log.error("scheduled start not recorded", { event: "schedule.start_not_recorded", scheduleId: row.id, error: String(error) });
      return "failed" as const;
    });
    result[outcome]++;
  }
  return result;
}

async function fire(row: ScheduleRecord, now: Date, liftedAt: Date | null): Promise<"started" | "failed" | "skipped"> {
  const conn = await db();
  const due = row.next_start_at ?? now;
  const dueAt = due.toISOString();
  const spec = specOf(row);
  const label = spec.name ?? "";
  const base = { scheduleId: row.id, kind: row.kind, dueAt: due };
  // Scheduled things are done by no member: the schedule is the actor, "scheduled" the origin.
  const audit: ScheduleContext["audit"] = (entry) => recordAudit({ ...entry, actor: null });
  const skip = async (reason: "missed" | "repeat_window", message: string) => {
    await recordScheduleRun(conn, { ...base, outcome: "skipped", reason, message });
    await audit({
      action: "schedule.skip",
      target: target(row.id),
      outcome: "failure",
      message,
      details: { origin: "scheduled", scheduleId: row.id, kind: row.kind, dueAt, reason },
    });
    return "skipped" as const;
  };
  const waitedFrom = row.kind === "transfer" && liftedAt && liftedAt > due ? liftedAt : due;
  if (now.getTime() - waitedFrom.getTime() > MISSED_AFTER_MS) {
    return skip("missed", `The ${what(row.kind)} due at ${dueAt} was not started: no console instance was running then.`);
  }
  if (row.kind === "transfer") return fireTransfer(row, { audit, label, dueAt: due });
  if (row.kind === "reconcile") return fireReconcile(row, { audit, label, dueAt: due }, now);
  try {
    const { run } = await startImport({ actor: { id: null, email: "", name: label }, audit }, { kind: row.kind }, { origin: "scheduled", scheduleId: row.id, label, dueAt });
    await recordScheduleRun(conn, { ...base, outcome: "started", message: run.message, importRunId: run.id });
    return "started";
  } catch (error) {
    if (error instanceof DomainError && error.code === "conflict" && error.extra?.reason === "import_recently_started") {
      return skip("repeat_window", error.detail ?? `Another ${row.kind} import started within the repeat window.`);
    }
    const problem = toProblem(error);
    // startImport recorded the failed run (with the platform's answer), audited it and raised the alert.
    const failed = await conn
      .selectFrom("erp_import_runs")
      .selectAll()
      .where("schedule_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const message = failed?.outcome === "failed" ? (failed.message ?? failed.error_detail) : (problem?.detail ?? String(error));
    await recordScheduleRun(conn, { ...base, outcome: "failed", message, importRunId: failed?.outcome === "failed" ? failed.id : null });
    return "failed";
  }
}

// The slot's own Idempotency-Key: a start repeated for the same due time finds the same run instead of taking more ids.
async function fireTransfer(row: ScheduleRecord, { audit, label, dueAt }: { audit: ScheduleContext["audit"]; label: string; dueAt: Date }): Promise<"started" | "failed" | "skipped"> {
  const conn = await db();
  const base = { scheduleId: row.id, kind: row.kind, dueAt };
  try {
    const { run } = await sendQueued({ actor: { id: null, email: "", name: label }, audit }, `schedule:${row.id}:${dueAt.getTime()}`, "automatic", row.max_orders ?? undefined);
    await recordScheduleRun(conn, { ...base, outcome: "started", message: `${run.counts.total} queued orders sent.`, transferRunId: run.id });
    return "started";
  } catch (error) {
    // An empty queue starts nothing and records nothing: a quiet slot is not news.
    if (error instanceof DomainError && (error.extra?.reason === "queue_empty" || error.extra?.reason === "transfers_held")) return "skipped";
    const problem = toProblem(error);
    await recordScheduleRun(conn, { ...base, outcome: "failed", message: problem?.detail ?? String(error) });
    return "failed";
  }
}

// The window is the hours before the start; the reconciliation leaves out what is younger than the settle time.
async function fireReconcile(row: ScheduleRecord, { audit, label, dueAt }: { audit: ScheduleContext["audit"]; label: string; dueAt: Date }, now: Date): Promise<"started" | "failed"> {
  const conn = await db();
  const base = { scheduleId: row.id, kind: row.kind, dueAt };
  const hours = row.window_hours ?? RECONCILE_DEFAULT_WINDOW_HOURS;
  try {
    const { id } = await startReconciliation({ actor: { id: null, email: "", name: label }, audit }, { from: new Date(now.getTime() - hours * 3_600_000), to: now }, now, undefined, row.id);
    await recordScheduleRun(conn, { ...base, outcome: "started", message: `Reconciliation of the last ${hours} hours started.`, reconciliationId: id });
    return "started";
  } catch (error) {
    await recordScheduleRun(conn, { ...base, outcome: "failed", message: toProblem(error)?.detail ?? String(error) });
    return "failed";
  }
}

export { nextStartsByKind, nextTransferStart } from "@/lib/schedules/store";

/** After orders were queued: an early send if a transfer schedule's threshold is reached (once the job engine runs). */
export async function nudgeEarlySends(): Promise<void> {
  if (jobsStarted()) await nudgeEarly(await jobs());
}

export async function transferActiveWindows(on?: Kysely<Database> | Transaction<Database>): Promise<{ timeZone: string; quiet: { from: string; to: string } | null }[]> {
  const rows = await (on ?? (await db())).selectFrom("schedules").select(["time_zone", "quiet_from", "quiet_to"]).where("kind", "=", "transfer").where("paused", "=", false).execute();
  return rows.map((r) => ({ timeZone: r.time_zone, quiet: r.quiet_from && r.quiet_to ? { from: r.quiet_from, to: r.quiet_to } : null }));
}
