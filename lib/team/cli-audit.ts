import type { Kysely } from "kysely";
import { auditRow, type AuditEntry } from "../audit/row";
import type { Database } from "../db/schema";

// The command-line team tool runs outside the server, so it cannot use lib/audit (server-only,
// bound to the app's connection). It writes the same row, built by the same function.

export const CLI_ACTOR = { id: null, email: "cli" } as const;

export type CliAuditEntry = Omit<AuditEntry, "actor" | "requestId" | "ip">;

export async function recordCliAudit(conn: Kysely<Database>, entry: CliAuditEntry): Promise<void> {
  await conn
    .insertInto("audit_events")
    .values(auditRow({ ...entry, actor: CLI_ACTOR, requestId: null, ip: null }))
    .execute();
}
