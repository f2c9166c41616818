import "server-only";
import type { Kysely } from "kysely";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { AuditEvent, Database } from "@/lib/db/schema";
import { auditRow, type AuditEntry, type AuditOutcome } from "./row";

// The audit trail: append-only from the app's point of view (there is no update or delete here).

export type { AuditActor, AuditEntry, AuditOutcome, AuditPort, ServiceContext } from "./row";

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

/** The events matching the filters (no order, no paging). */
function matching(conn: Kysely<Database>, q: Omit<AuditQuery, "page" | "limit">) {
  let base = conn.selectFrom("audit_events");
  if (q.actor) base = base.where("actor_email", "=", q.actor.toLowerCase());
  if (q.action) base = base.where("action", "=", q.action);
  if (q.targetType) base = base.where("target_type", "=", q.targetType);
  if (q.targetId) base = base.where("target_id", "=", q.targetId);
  if (q.from) base = base.where("at", ">=", q.from);
  if (q.to) base = base.where("at", "<=", q.to.length === 10 ? `${q.to}T23:59:59.999Z` : q.to);
  if (q.outcome) base = base.where("outcome", "=", q.outcome);
  return base;
}

// The trail names people, addresses and before/after snapshots, so the readers pages call check
// the member themselves: a page that forgets its own check still gets nothing (an RSC navigation
// does not render the shared layout again, so its check alone is not enough). Route handlers
// are gated by withRoute and use the connection-level functions.

/** The signed-in, active member, or a redirect to sign-in (see requirePageMember). */
async function requireMember(): Promise<void> {
  // Loaded when first needed: lib/auth records audit events (an import would be a cycle), and the
  // command-line tools and unit tests that use this module have no Next runtime.
  const { requirePageMember } = await import("@/lib/auth/session");
  await requirePageMember();
}

/**
 * Newest first, filtered; `from`/`to` are ISO dates or timestamps (inclusive day bounds). For
 * pages: a caller without a signed-in, active member is sent to sign in before anything is read.
 */
export async function queryAudit(q: AuditQuery): Promise<{ items: AuditRecord[]; total: number }> {
  await requireMember();
  return queryAuditIn(await db(), q);
}

/** queryAudit on a given connection, with no member check (route handlers, unit tests, tools). */
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

/**
 * Every matching event, newest first, in pages of `pageSize`, for the CSV export. Pages by key
 * (id below the last one seen), so each page costs the same however deep it is, and an event
 * recorded meanwhile neither shifts nor repeats a row. Nothing is counted.
 */
export async function* iterateAuditIn(conn: Kysely<Database>, q: Omit<AuditQuery, "page" | "limit">, pageSize = 500): AsyncGenerator<AuditRecord> {
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

/**
 * The filter menus: the people are the team's members (every one, deactivated too, for their
 * history), never the free-text emails of audit rows, which anyone can write by failing to sign
 * in; the actions are those the console has recorded.
 */
export async function auditFacetsIn(conn: Kysely<Database>): Promise<{ actors: string[]; actions: string[] }> {
  const [actors, actions] = await Promise.all([
    conn.selectFrom("members").select("email").orderBy("email").execute(),
    conn.selectFrom("audit_events").select("action").distinct().orderBy("action").execute(),
  ]);
  return { actors: actors.map((m) => m.email), actions: actions.map((a) => a.action) };
}

/** auditFacetsIn for pages: checks the member first, like queryAudit. */
export async function auditFacets(): Promise<{ actors: string[]; actions: string[] }> {
  await requireMember();
  return auditFacetsIn(await db());
}
