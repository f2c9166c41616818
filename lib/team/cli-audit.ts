import type { Kysely } from "kysely";
import type { ServiceContext } from "@/lib/audit";
import { auditRow, type AuditEntry } from "@/lib/audit/row";
import type { Database } from "@/lib/store/schema";

// The CLI's audit port: lib/audit is bound to the app's connection, so the CLI writes the same row itself.

export const CLI_ACTOR = { id: null, email: "cli" } as const;

export type CliAuditEntry = Omit<AuditEntry, "actor" | "requestId" | "ip">;

export async function recordCliAudit(conn: Kysely<Database>, entry: CliAuditEntry): Promise<void> {
  await conn
    .insertInto("audit_events")
    .values(auditRow({ ...entry, actor: CLI_ACTOR, requestId: null, ip: null }))
    .execute();
}

export function cliContext(conn: Kysely<Database>): ServiceContext {
  return {
    actor: CLI_ACTOR,
    audit: (entry) => recordCliAudit(conn, { ...entry, details: { via: "cli", ...(entry.details as object) } }),
  };
}
