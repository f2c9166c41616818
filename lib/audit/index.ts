import "server-only";
import { db } from "@/lib/store";
import { log } from "@/lib/log";
import { auditRow, type AuditEntry } from "@/lib/audit/row";

export type { AuditActor, AuditEntry, AuditOutcome, AuditPort, ServiceContext } from "@/lib/audit/row";

export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    await (await db()).insertInto("audit_events").values(auditRow(entry)).execute();
  } catch (error) {
    // Never lose the fact silently: the log keeps it when the store cannot.
    log.error("audit write failed", { event: "audit.write_failed", action: entry.action, outcome: entry.outcome, error: String(error) });
    throw error;
  }
}
