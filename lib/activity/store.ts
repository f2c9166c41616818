import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { AuditEvent } from "@/lib/audit/tables";
import type { ActivityOutcome, AuditRecord } from "@/lib/activity/schemas";

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Any of these targets (a typed name resolved); empty matches nothing. */
  targets?: readonly { type: string; id: string }[];
  from?: string;
  to?: string;
  outcome?: ActivityOutcome;
}

export interface AuditQuery extends AuditFilter {
  page: number;
  limit: number;
}

const parse = (v: string | null): unknown => (v === null ? null : JSON.parse(v));

export function toAuditRecord(row: AuditEvent): AuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
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

// As eventOutcome shows it: a transfer complete with rejections, stored as a failure by older versions, is a success.
const SHOWN_OUTCOME = sql<string>`case when action <> 'erp.transfer' then outcome when (details_json::jsonb ->> 'result') = 'complete_with_rejections' then 'success' else outcome end`;

function matching(conn: Kysely<Database>, q: AuditFilter) {
  let base = conn.selectFrom("audit_events");
  if (q.actor?.startsWith("key:")) base = base.where("actor_email", "like", `key ${q.actor.slice(4)}, created by %`);
  else if (q.actor) base = base.where("actor_email", "=", q.actor.toLowerCase());
  if (q.action) base = base.where("action", "=", q.action);
  if (q.targetType) base = base.where("target_type", "=", q.targetType);
  if (q.targetId) base = base.where("target_id", "=", q.targetId);
  if (q.targets) {
    const targets = q.targets;
    base = base.where((eb) => eb.or(targets.map((t) => eb.and([eb("target_type", "=", t.type), eb("target_id", "=", t.id)]))));
  }
  if (q.from) base = base.where("at", ">=", new Date(q.from));
  if (q.to) base = base.where("at", "<=", new Date(q.to.length === 10 ? `${q.to}T23:59:59.999Z` : q.to));
  if (q.outcome) base = base.where(SHOWN_OUTCOME, "=", q.outcome);
  return base;
}

export async function queryAuditIn(conn: Kysely<Database>, q: AuditQuery): Promise<{ items: AuditRecord[]; total: number }> {
  const base = matching(conn, q);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await base
    .selectAll()
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toAuditRecord), total: Number(total) };
}

// Pages by key, not offset: every page costs the same, and events recorded meanwhile neither shift nor repeat rows.
export async function* iterateAuditIn(conn: Kysely<Database>, q: AuditFilter, pageSize = 500): AsyncGenerator<AuditRecord> {
  let below: number | null = null;
  for (;;) {
    let page = matching(conn, q).selectAll().orderBy("id", "desc").limit(pageSize);
    if (below !== null) page = page.where("id", "<", below);
    const rows = await page.execute();
    yield* rows.map(toAuditRecord);
    if (rows.length < pageSize) return;
    below = rows[rows.length - 1]!.id;
  }
}

// People are the members, never audit emails: anyone can write one by failing to sign in.
export async function auditFacetsIn(conn: Kysely<Database>): Promise<{ actors: string[]; actions: string[] }> {
  const [actors, actions] = await Promise.all([
    conn.selectFrom("members").select("email").orderBy("email").execute(),
    conn.selectFrom("audit_events").select("action").distinct().orderBy("action").execute(),
  ]);
  return { actors: actors.map((m) => m.email), actions: actions.map((a) => a.action) };
}
