import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

// The command-line team tool runs outside the server, so it cannot use lib/audit (server-only,
// bound to the app's connection). It writes the same columns with the same meanings.

export const CLI_ACTOR = { id: null, email: "cli" } as const;

export interface CliAuditEntry {
  action: string;
  target?: { type: string; id: string | number } | null;
  outcome: "success" | "failure" | "denied";
  message?: string | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function recordCliAudit(conn: Kysely<Database>, entry: CliAuditEntry): Promise<void> {
  await conn
    .insertInto("audit_events")
    .values({
      at: new Date().toISOString(),
      actor_id: CLI_ACTOR.id,
      actor_email: CLI_ACTOR.email,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target ? String(entry.target.id) : null,
      outcome: entry.outcome,
      message: entry.message ?? null,
      before_json: json(entry.before),
      after_json: json(entry.after),
      details_json: json(entry.details),
      request_id: null,
      ip: null,
    })
    .execute();
}
