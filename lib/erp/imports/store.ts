import type { Kysely } from "kysely";
import type { Database, ErpImportRun } from "@/lib/store/schema";
import type { ImportKindName, ImportRunRow } from "@/lib/erp/schemas";
import type { RunActor } from "@/lib/erp/transfers/runs";
import { redactSecrets } from "@/lib/rules/secrets";
import type { ImportOrigin } from "@/lib/schedules/tables";

export function toImportRow(row: ErpImportRun): ImportRunRow {
  return {
    id: row.id,
    kind: row.kind,
    startedAt: row.started_at.toISOString(),
    startedBy: { id: row.started_by_id, email: row.started_by_email, name: row.started_by_name },
    outcome: row.outcome,
    message: row.message,
    errorCode: row.error_code,
    errorDetail: row.error_detail,
    mayHaveActed: row.may_have_acted,
    repeatConfirmed: row.repeat_confirmed,
    finishedAt: row.finished_at?.toISOString() ?? null,
    origin: row.origin,
    scheduleId: row.schedule_id,
  };
}

/** One transaction, so a double click starts one; a schedule's own earlier starts do not count (stock every 15 minutes is meant). */
export async function beginImport(
  conn: Kysely<Database>,
  input: {
    kind: ImportKindName;
    actor: RunActor;
    confirmRepeat: boolean;
    windowMinutes: number;
    now?: Date;
    origin?: ImportOrigin;
    scheduleId?: string | null;
  },
): Promise<{ ok: true; run: ErpImportRun } | { ok: false; last: ErpImportRun }> {
  const scheduleId = input.scheduleId ?? null;
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - input.windowMinutes * 60_000);
  return conn.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("erp_import_runs")
      .selectAll()
      .where("kind", "=", input.kind)
      .where("started_at", ">=", since)
      .where((eb) =>
        eb.or([eb("outcome", "in", ["pending", "started"]), eb.and([eb("outcome", "=", "failed"), eb("may_have_acted", "=", true)])]),
      )
      .$if(scheduleId !== null, (qb) => qb.where((eb) => eb.or([eb("schedule_id", "is", null), eb("schedule_id", "!=", scheduleId)])))
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last && !input.confirmRepeat) return { ok: false as const, last };
    const inserted = await trx
      .insertInto("erp_import_runs")
      .values({
        kind: input.kind,
        started_at: now,
        started_by_id: input.actor.id,
        started_by_email: input.actor.email,
        started_by_name: input.actor.name,
        outcome: "pending",
        message: null,
        error_code: null,
        error_detail: null,
        may_have_acted: false,
        repeat_confirmed: Boolean(last && input.confirmRepeat),
        finished_at: null,
        origin: input.origin ?? "manual",
        schedule_id: scheduleId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true as const, run: inserted };
  });
}

export async function finishImport(
  conn: Kysely<Database>,
  id: number,
  result:
    | { outcome: "started"; message: string }
    | { outcome: "failed"; message: string | null; errorCode: string; errorDetail: string; mayHaveActed: boolean },
  now = new Date(),
): Promise<ErpImportRun> {
  return conn
    .updateTable("erp_import_runs")
    .set(
      result.outcome === "started"
        ? { outcome: "started", message: redactSecrets(result.message), finished_at: now }
        : {
            outcome: "failed",
            message: result.message === null ? null : redactSecrets(result.message),
            error_code: result.errorCode,
            error_detail: redactSecrets(result.errorDetail),
            may_have_acted: result.mayHaveActed,
            finished_at: now,
          },
    )
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listImports(
  conn: Kysely<Database>,
  q: { kind?: ImportKindName; page: number; limit: number },
): Promise<{ items: ImportRunRow[]; total: number }> {
  let base = conn.selectFrom("erp_import_runs");
  if (q.kind) base = base.where("kind", "=", q.kind);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await base
    .selectAll()
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toImportRow), total: Number(total) };
}

export async function latestImports(conn: Kysely<Database>): Promise<Record<ImportKindName, ImportRunRow | null>> {
  const out: Record<ImportKindName, ImportRunRow | null> = { products: null, prices: null, stock: null };
  for (const kind of Object.keys(out) as ImportKindName[]) {
    const row = await conn
      .selectFrom("erp_import_runs")
      .selectAll()
      .where("kind", "=", kind)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    out[kind] = row ? toImportRow(row) : null;
  }
  return out;
}
