import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { HISTORY_MS, KEEP_MS, minuteOf, summarize, type MinuteAggregate, type PlatformHealth } from "@/lib/health/calls";
import { HISTORY_BUCKET_MS, type CallBucket } from "@/lib/health/history";

export type StoredMinute = MinuteAggregate & { instanceId: string };

// The figures in memory (lib/health/calls.ts) keep ISO text, merged across instances by text order; the store keeps instants.
const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));
const toIso = (at: Date | null) => at?.toISOString() ?? null;

export async function flushMinutes(conn: Kysely<Database>, instanceId: string, minutes: readonly MinuteAggregate[], now = Date.now()): Promise<void> {
  if (minutes.length > 0) {
    const updatedAt = new Date(now);
    await conn
      .insertInto("home_upstream_minutes")
      .values(
        minutes.map((m) => ({
          instance_id: instanceId,
          minute: new Date(m.minute),
          calls: m.calls,
          failures: m.failures,
          latencies_json: JSON.stringify(m.latencies),
          last_success_at: toDate(m.lastSuccessAt),
          failing_since: toDate(m.failingSince),
          last_failure_at: toDate(m.lastFailureAt),
          last_failure_kind: m.lastFailureKind,
          last_failure_operation: m.lastFailureOperation,
          last_failure_status: m.lastFailureStatus,
          updated_at: updatedAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["instance_id", "minute"]).doUpdateSet((eb) => ({
          calls: eb.ref("excluded.calls"),
          failures: eb.ref("excluded.failures"),
          latencies_json: eb.ref("excluded.latencies_json"),
          last_success_at: eb.ref("excluded.last_success_at"),
          failing_since: eb.ref("excluded.failing_since"),
          last_failure_at: eb.ref("excluded.last_failure_at"),
          last_failure_kind: eb.ref("excluded.last_failure_kind"),
          last_failure_operation: eb.ref("excluded.last_failure_operation"),
          last_failure_status: eb.ref("excluded.last_failure_status"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
  await conn.deleteFrom("home_upstream_minutes").where("minute", "<", new Date(minuteOf(now - HISTORY_MS))).execute();
}

export async function readMinutes(conn: Kysely<Database>, now = Date.now(), from = minuteOf(now - KEEP_MS)): Promise<StoredMinute[]> {
  const rows = await conn.selectFrom("home_upstream_minutes").selectAll().where("minute", ">=", new Date(from)).execute();
  return rows.map((r) => ({
    instanceId: r.instance_id,
    minute: r.minute.toISOString(),
    calls: r.calls,
    failures: r.failures,
    latencies: parseLatencies(r.latencies_json),
    lastSuccessAt: toIso(r.last_success_at),
    failingSince: toIso(r.failing_since),
    lastFailureAt: toIso(r.last_failure_at),
    lastFailureKind: r.last_failure_kind,
    lastFailureOperation: r.last_failure_operation,
    lastFailureStatus: r.last_failure_status,
  }));
}

/** Intervals in [from, to) summed by the store, so a day of samples never leaves it; percentile_disc matches quantile(). */
export async function readBuckets(conn: Kysely<Database>, from: number, to: number): Promise<CallBucket[]> {
  const seconds = HISTORY_BUCKET_MS / 1000;
  const bucket = sql`to_timestamp(floor(extract(epoch from m.minute) / ${seconds}) * ${seconds})`;
  const range = sql`m.minute >= ${new Date(from)} and m.minute < ${new Date(to)}`;
  const { rows } = await sql<{ at: Date; calls: string; failures: string; median: number | null; p95: number | null }>`
    with sums as (
      select ${bucket} as at, sum(m.calls) as calls, sum(m.failures) as failures from home_upstream_minutes m where ${range} group by 1
    ), times as (
      select ${bucket} as at,
        percentile_disc(0.5) within group (order by l.ms) as median,
        percentile_disc(0.95) within group (order by l.ms) as p95
      from home_upstream_minutes m, lateral (select value::int as ms from jsonb_array_elements_text(m.latencies_json::jsonb)) l
      where ${range} group by 1
    )
    select s.at, s.calls, s.failures, t.median, t.p95 from sums s left join times t on t.at = s.at order by s.at`.execute(conn);
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    calls: Number(r.calls),
    failures: Number(r.failures),
    medianMs: r.median === null ? null : Number(r.median),
    p95Ms: r.p95 === null ? null : Number(r.p95),
  }));
}

function parseLatencies(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number" && Number.isFinite(v)) : [];
  } catch {
    return [];
  }
}

export interface SilenceDecision {
  raise: { since: string; minutes: number; lastError: string | null } | null;
  ended: boolean;
}

function describeFailure(f: PlatformHealth["lastFailure"]): string | null {
  if (!f) return null;
  // Kind, operation and status only: never a body (a 5xx body may hold internals) and never the token.
  return [f.operation, f.kind, f.status === null ? null : `HTTP ${f.status}`].filter(Boolean).join(", ");
}

/** The unique open-outage index lets one insert win across instances. */
export async function checkSilence(conn: Kysely<Database>, health: PlatformHealth, silentMinutes: number, now = Date.now()): Promise<SilenceDecision> {
  const open = await conn.selectFrom("home_platform_outages").selectAll().where("ended_at", "is", null).executeTakeFirst();
  let ended = false;
  if (open && health.lastSuccessAt && Date.parse(health.lastSuccessAt) > open.since.getTime()) {
    const r = await conn.updateTable("home_platform_outages").set({ ended_at: new Date(health.lastSuccessAt) }).where("id", "=", open.id).where("ended_at", "is", null).executeTakeFirst();
    ended = Number(r.numUpdatedRows) > 0;
  }
  const silentSince = health.failingSince;
  if (!silentSince || now - Date.parse(silentSince) < silentMinutes * 60_000) return { raise: null, ended };
  if (open && !ended) return { raise: null, ended };
  const lastError = describeFailure(health.lastFailure);
  const won = await recordOutage(conn, silentSince, lastError, now);
  return { raise: won ? { since: silentSince, minutes: Math.floor((now - Date.parse(silentSince)) / 60_000), lastError } : null, ended };
}

export async function recordOutage(conn: Kysely<Database>, since: string, lastError: string | null, now = Date.now()): Promise<boolean> {
  const inserted = await conn
    .insertInto("home_platform_outages")
    .values({ since: new Date(since), alerted_at: new Date(now), ended_at: null, last_error: lastError })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function openOutage(conn: Kysely<Database>): Promise<{ since: string; alertedAt: string } | null> {
  const row = await conn.selectFrom("home_platform_outages").select(["since", "alerted_at"]).where("ended_at", "is", null).executeTakeFirst();
  return row ? { since: row.since.toISOString(), alertedAt: row.alerted_at.toISOString() } : null;
}

export { summarize };
