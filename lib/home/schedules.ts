import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { ERP_IMPORT_KINDS, type ImportKindName } from "@/lib/erp/schemas";

// What the home page needs from the schedules feature, read straight from the store and defensively: a store without
// the schedules tables or columns yet reads "no schedule". Point these at lib/schedules once it offers them.

export interface NextStart {
  at: string;
  scheduleId: string;
  name: string | null;
}

export interface ImportStarter {
  origin: "manual" | "scheduled";
  scheduleId: string | null;
  scheduleName: string | null;
}

// PostgreSQL: undefined_table, undefined_column.
const MISSING = new Set(["42P01", "42703"]);

async function orEmpty<T>(read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (MISSING.has(String((error as { code?: unknown })?.code))) return empty;
    throw error;
  }
}

/** The next start of each import kind among the schedules not paused. */
export async function nextScheduledStarts(conn: Kysely<Database>): Promise<Record<ImportKindName, NextStart | null>> {
  const out: Record<ImportKindName, NextStart | null> = { products: null, prices: null, stock: null };
  const rows = await orEmpty(
    async () =>
      (
        await sql<{ id: string; kind: string; name: string | null; next_start_at: string }>`
          select id, kind, name, next_start_at from schedules
          where paused = 0 and next_start_at is not null
          order by next_start_at, id`.execute(conn)
      ).rows,
    [],
  );
  for (const row of rows) {
    const kind = ERP_IMPORT_KINDS.find((k) => k === row.kind);
    if (kind && !out[kind]) out[kind] = { at: row.next_start_at, scheduleId: row.id, name: row.name };
  }
  return out;
}

/** Who started an import run: a person, or which schedule (from the run's origin and schedule_id, when the store has them). */
export async function importStarters(conn: Kysely<Database>, runIds: readonly number[]): Promise<Map<number, ImportStarter>> {
  const out = new Map<number, ImportStarter>();
  if (runIds.length === 0) return out;
  const rows = await orEmpty(
    async () =>
      (
        await sql<{ id: number; origin: string | null; schedule_id: string | null }>`
          select id, origin, schedule_id from erp_import_runs where id in (${sql.join(runIds)})`.execute(conn)
      ).rows,
    [],
  );
  const scheduleIds = [...new Set(rows.flatMap((r) => (r.schedule_id ? [r.schedule_id] : [])))];
  const names = new Map<string, string | null>();
  if (scheduleIds.length > 0) {
    const found = await orEmpty(
      async () => (await sql<{ id: string; name: string | null }>`select id, name from schedules where id in (${sql.join(scheduleIds)})`.execute(conn)).rows,
      [],
    );
    for (const s of found) names.set(s.id, s.name);
  }
  for (const r of rows) {
    const scheduled = r.origin === "scheduled" || r.schedule_id !== null;
    out.set(Number(r.id), { origin: scheduled ? "scheduled" : "manual", scheduleId: r.schedule_id, scheduleName: r.schedule_id ? (names.get(r.schedule_id) ?? null) : null });
  }
  return out;
}
