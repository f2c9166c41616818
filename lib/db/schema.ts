import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// The console store's tables. Timestamps are ISO-8601 text and flags are 0/1 integers so that
// the same queries run on SQLite and PostgreSQL.

export const ROLES = ["viewer", "operator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface MembersTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  active: ColumnType<number, number | undefined, number>;
  /** "password", "sso" or "both": how the member was created; informational. */
  source: string;
  created_at: string;
  updated_at: string;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
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

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: string;
}

export interface Database {
  members: MembersTable;
  audit_events: AuditEventsTable;
  login_failures: LoginFailuresTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
