import "server-only";
import type { Kysely } from "kysely";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { AuditEvent, Database } from "@/lib/db/schema";
import { auditRow, type AuditEntry, type AuditOutcome } from "./row";

// The audit trail: append-only from the app's point of view (there is no update or delete here).

export type { AuditActor, AuditEntry, AuditOutcome } from "./row";

export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    await (await db()).insertInto("audit_events").values(auditRow(entry)).execute();
  } catch (error) {
    // Never lose the fact silently: the log keeps it when the store cannot.
    log.error("audit write failed", { action: entry.action, outcome: entry.outcome, error: String(error) });
    throw error;
  }
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  outcome?: AuditOutcome;
  page: number;
  limit: number;
}

export interface AuditRecord {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: AuditOutcome;
  message: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  requestId: string | null;
  ip: string | null;
}

const parse = (v: string | null): unknown => (v === null ? null : JSON.parse(v));

export function toAuditRecord(row: AuditEvent): AuditRecord {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    outcome: row.outcome,
    message: row.message,
    before: parse(row.before_json),
    after: parse(row.after_json),
    details: parse(row.details_json),
    requestId: row.request_id,
    ip: row.ip,
  };
}

/** Newest first, filtered; `from`/`to` are ISO dates or timestamps (inclusive day bounds). */
export async function queryAudit(q: AuditQuery): Promise<{ items: AuditRecord[]; total: number }> {
  return queryAuditIn(await db(), q);
}

/** queryAudit on a given connection (unit tests and command-line tools). */
export async function queryAuditIn(conn: Kysely<Database>, q: AuditQuery): Promise<{ items: AuditRecord[]; total: number }> {
  let base = conn.selectFrom("audit_events");
  if (q.actor) base = base.where("actor_email", "=", q.actor.toLowerCase());
  if (q.action) base = base.where("action", "=", q.action);
  if (q.targetType) base = base.where("target_type", "=", q.targetType);
  if (q.targetId) base = base.where("target_id", "=", q.targetId);
  if (q.from) base = base.where("at", ">=", q.from);
  if (q.to) base = base.where("at", "<=", q.to.length === 10 ? `${q.to}T23:59:59.999Z` : q.to);
  if (q.outcome) base = base.where("outcome", "=", q.outcome);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await base
    .selectAll()
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toAuditRecord), total: Number(total) };
}

/** Streams every matching event (newest first) in pages, for CSV export. */
export async function* iterateAudit(q: Omit<AuditQuery, "page" | "limit">, pageSize = 500): AsyncGenerator<AuditRecord> {
  for (let page = 1; ; page++) {
    const { items } = await queryAudit({ ...q, page, limit: pageSize });
    yield* items;
    if (items.length < pageSize) return;
  }
}

/** Distinct actors and actions, for the filter menus. */
export async function auditFacets(): Promise<{ actors: string[]; actions: string[] }> {
  const conn = await db();
  const actors = await conn.selectFrom("audit_events").select("actor_email").distinct().where("actor_email", "is not", null).orderBy("actor_email").execute();
  const actions = await conn.selectFrom("audit_events").select("action").distinct().orderBy("action").execute();
  return { actors: actors.map((a) => a.actor_email!).filter(Boolean), actions: actions.map((a) => a.action) };
}
