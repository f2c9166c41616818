import type { Insertable } from "kysely";
import type { AuditEventsTable } from "@/lib/audit/tables";
import { processRedactor, redactSecrets } from "@/lib/rules/secrets";

// An audit entry and its audit_events row, free of server code so the server and the team CLI write the same columns.

export type AuditOutcome = "success" | "failure" | "denied";

export interface AuditActor {
  id: number | null;
  email: string | null;
}

export type AuditPort = (entry: Omit<AuditEntry, "actor" | "requestId" | "ip">) => Promise<void>;

export interface ServiceContext {
  actor: AuditActor;
  audit: AuditPort;
}

export interface AuditEntry {
  actor: AuditActor | null;
  action: string;
  target?: { type: string; id: string | number } | null;
  outcome: AuditOutcome;
  message?: string | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
  requestId?: string | null;
  ip?: string | null;
}

// Messages and details may quote the upstream: the trail keeps no form of a secret (lib/log registers them).
const json = (v: unknown) => (v === undefined || v === null ? null : (processRedactor().stringify(v) ?? null));

export function auditRow(entry: AuditEntry, at: Date = new Date()): Insertable<AuditEventsTable> {
  return {
    at,
    actor_id: entry.actor?.id ?? null,
    actor_email: entry.actor?.email ?? null,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target ? String(entry.target.id) : null,
    outcome: entry.outcome,
    message: entry.message == null ? null : redactSecrets(entry.message),
    before_json: json(entry.before),
    after_json: json(entry.after),
    details_json: json(entry.details),
    request_id: entry.requestId ?? null,
    ip: entry.ip ?? null,
  };
}
