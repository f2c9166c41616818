import type { Generated, Selectable } from "kysely";

export interface AuditEventsTable {
  id: Generated<number>;
  at: Date;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: "success" | "failure" | "denied";
  message: string | null;
  before_json: string | null;
  after_json: string | null;
  details_json: string | null;
  request_id: string | null;
  ip: string | null;
}

export interface AuditTables {
  audit_events: AuditEventsTable;
}

export type AuditEvent = Selectable<AuditEventsTable>;
