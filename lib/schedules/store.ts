import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { nextStart, type ScheduleRule } from "@/lib/schedules/next";
import { SCHEDULE_HISTORY_SIZE, toScheduleFields, type ScheduleRow, type ScheduleRunRow, type ScheduleSkipReason, type ScheduleSpec } from "@/lib/schedules/schemas";
import type { ScheduleRecord, ScheduleRunOutcome, ScheduleRunRecord } from "@/lib/schedules/tables";

// A due start belongs to whoever moves next_start_at on from the value it read, so two instances or ticks give one start.

export function specOf(row: ScheduleRecord): ScheduleSpec {
  return {
    kind: row.kind,
    name: row.name,
    rule: JSON.parse(row.rule_json) as ScheduleRule,
    timeZone: row.time_zone,
    quiet: row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null,
    maxOrders: row.max_orders,
    sendWhenWaiting: row.send_when_waiting,
    sendWhenOldestSeconds: row.send_when_oldest_seconds,
    windowHours: row.window_hours,
  };
}

export function nextStartOf(spec: ScheduleSpec, after: Date): Date | null {
  return nextStart(spec, after) ?? null;
}

function toRunRow(r: ScheduleRunRecord): ScheduleRunRow {
  return { id: r.id, dueAt: r.due_at.toISOString(), at: r.at.toISOString(), outcome: r.outcome, reason: r.reason as ScheduleSkipReason | null, message: r.message, importRunId: r.import_run_id, transferRunId: r.transfer_run_id, reconciliationId: r.reconciliation_id };
}

export function toScheduleRow(row: ScheduleRecord, history: ScheduleRunRecord[] = []): ScheduleRow {
  return {
    id: row.id,
    ...toScheduleFields(specOf(row)),
    paused: row.paused,
    nextStartAt: row.next_start_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_email,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_email,
    history: history.map(toRunRow),
  };
}

const columns = (spec: ScheduleSpec) => ({
  kind: spec.kind,
  name: spec.name,
  rule_json: JSON.stringify(spec.rule),
  time_zone: spec.timeZone,
  quiet_from: spec.quiet?.from ?? null,
  quiet_to: spec.quiet?.to ?? null,
  max_orders: spec.kind === "transfer" ? (spec.maxOrders ?? null) : null,
  send_when_waiting: spec.kind === "transfer" ? (spec.sendWhenWaiting ?? null) : null,
  send_when_oldest_seconds: spec.kind === "transfer" ? (spec.sendWhenOldestSeconds ?? null) : null,
  window_hours: spec.kind === "reconcile" ? (spec.windowHours ?? null) : null,
});

export async function insertSchedule(conn: Kysely<Database>, spec: ScheduleSpec, by: string, now = new Date()): Promise<ScheduleRecord> {
  return conn
    .insertInto("schedules")
    .values({
      id: crypto.randomUUID(),
      ...columns(spec),
      paused: false,
      next_start_at: nextStartOf(spec, now),
      created_at: now,
      created_by_email: by,
      updated_at: now,
      updated_by_email: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getSchedule(conn: Kysely<Database>, id: string): Promise<ScheduleRecord | undefined> {
  return conn.selectFrom("schedules").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateSchedule(conn: Kysely<Database>, id: string, spec: ScheduleSpec, by: string, now = new Date()): Promise<ScheduleRecord | undefined> {
  return conn
    .updateTable("schedules")
    .set((eb) => ({
      ...columns(spec),
      next_start_at: eb.case().when("paused", "=", true).then(null).else(eb.cast<Date | null>(eb.val(nextStartOf(spec, now)), "timestamptz")).end(),
      updated_at: now,
      updated_by_email: by,
    }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function setPaused(conn: Kysely<Database>, id: string, paused: boolean, by: string, now = new Date()): Promise<ScheduleRecord | undefined> {
  const row = await getSchedule(conn, id);
  if (!row || row.paused === paused) return undefined;
  return conn
    .updateTable("schedules")
    .set({ paused, next_start_at: paused ? null : nextStartOf(specOf(row), now), updated_at: now, updated_by_email: by })
    .where("id", "=", id)
    .where("paused", "=", !paused)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSchedule(conn: Kysely<Database>, id: string): Promise<ScheduleRecord | undefined> {
  return conn.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("schedules").where("id", "=", id).returningAll().executeTakeFirst();
    if (row) await trx.deleteFrom("schedule_runs").where("schedule_id", "=", id).execute();
    return row;
  });
}

export async function listSchedules(conn: Kysely<Database>, page: { page: number; limit: number }): Promise<ScheduleRow[]> {
  const rows = await conn
    .selectFrom("schedules")
    .selectAll()
    .orderBy("kind")
    .orderBy("created_at")
    .orderBy("id")
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  if (rows.length === 0) return [];
  const runs = await conn
    .selectFrom("schedule_runs")
    .selectAll()
    .where("schedule_id", "in", rows.map((r) => r.id))
    .where(({ eb, selectFrom }) =>
      eb(
        "id",
        "in",
        selectFrom("schedule_runs as latest")
          .select("latest.id")
          .whereRef("latest.schedule_id", "=", "schedule_runs.schedule_id")
          .orderBy("latest.at", "desc")
          .orderBy("latest.id", "desc")
          .limit(SCHEDULE_HISTORY_SIZE),
      ),
    )
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => toScheduleRow(r, runs.filter((x) => x.schedule_id === r.id)));
}

export async function scheduleHistory(conn: Kysely<Database>, id: string): Promise<ScheduleRunRecord[]> {
  return conn.selectFrom("schedule_runs").selectAll().where("schedule_id", "=", id).orderBy("at", "desc").orderBy("id", "desc").limit(SCHEDULE_HISTORY_SIZE).execute();
}

export async function countSchedules(conn: Kysely<Database>): Promise<number> {
  return Number((await conn.selectFrom("schedules").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
}

export async function nextStartsByKind(conn: Kysely<Database>): Promise<ScheduleRecord[]> {
  return conn.selectFrom("schedules").selectAll().where("paused", "=", false).where("next_start_at", "is not", null).orderBy("next_start_at").execute();
}

/** The soonest start of an active transfer schedule: when the order queue is next sent by itself. */
export async function nextTransferStart(conn: Kysely<Database>): Promise<{ at: string; scheduleId: string; name: string | null; maxOrders: number } | null> {
  const row = await conn
    .selectFrom("schedules")
    .selectAll()
    .where("kind", "=", "transfer")
    .where("paused", "=", false)
    .where("next_start_at", "is not", null)
    .orderBy("next_start_at")
    .limit(1)
    .executeTakeFirst();
  return row?.next_start_at ? { at: row.next_start_at.toISOString(), scheduleId: row.id, name: row.name, maxOrders: row.max_orders ?? 0 } : null;
}

export async function dueSchedules(conn: Kysely<Database>, now: Date): Promise<ScheduleRecord[]> {
  return conn.selectFrom("schedules").selectAll().where("paused", "=", false).where("next_start_at", "<=", now).orderBy("next_start_at").limit(100).execute();
}

export async function claimDue(conn: Kysely<Database>, row: ScheduleRecord, now: Date): Promise<{ claimed: boolean; next: Date | null }> {
  if (!row.next_start_at) return { claimed: false, next: null };
  // After the due time and after now: a start missed while no instance ran is not repeated for each missed slot.
  const after = new Date(Math.max(now.getTime(), row.next_start_at.getTime()));
  const next = nextStartOf(specOf(row), after);
  const result = await conn
    .updateTable("schedules")
    .set({ next_start_at: next })
    .where("id", "=", row.id)
    .where("paused", "=", false)
    .where("next_start_at", "=", row.next_start_at)
    .executeTakeFirst();
  return { claimed: Number(result.numUpdatedRows) === 1, next };
}

export async function recordScheduleRun(
  conn: Kysely<Database>,
  run: { scheduleId: string; kind: ScheduleRecord["kind"]; dueAt: Date; outcome: ScheduleRunOutcome; reason?: ScheduleSkipReason | null; message?: string | null; importRunId?: number | null; transferRunId?: string | null; reconciliationId?: string | null },
  now = new Date(),
): Promise<ScheduleRunRecord> {
  return conn
    .insertInto("schedule_runs")
    .values({
      schedule_id: run.scheduleId,
      kind: run.kind,
      due_at: run.dueAt,
      at: now,
      outcome: run.outcome,
      reason: run.reason ?? null,
      message: run.message ?? null,
      import_run_id: run.importRunId ?? null,
      transfer_run_id: run.transferRunId ?? null,
      reconciliation_id: run.reconciliationId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Active transfer schedules that also send when the queue reaches a threshold, oldest first. */
export async function earlySchedules(conn: Kysely<Database>): Promise<ScheduleRecord[]> {
  return conn
    .selectFrom("schedules")
    .selectAll()
    .where("kind", "=", "transfer")
    .where("paused", "=", false)
    .where((eb) => eb.or([eb("send_when_waiting", "is not", null), eb("send_when_oldest_seconds", "is not", null)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
