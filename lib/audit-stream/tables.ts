import type { Generated, Selectable } from "kysely";

export interface AuditStreamStateTable {
  id: number;
  delivered_id: Generated<number>;
  delivered_rows: Generated<string>;
  last_success_at: Date | null;
  last_attempt_at: Date | null;
  last_error: string | null;
  failures: Generated<number>;
}

export interface AuditStreamTables {
  audit_stream_state: AuditStreamStateTable;
}

export type AuditStreamState = Selectable<AuditStreamStateTable>;
