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
  /** Carried in the session cookie; bumping it ends every session of the member. */
  session_version: ColumnType<number, number | undefined, number>;
  /** The SSO provider's issuer and `sub`, bound at the first SSO entry. */
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when an admin let a password member also enter through SSO. */
  sso_allowed: ColumnType<number, number | undefined, number>;
}

/** A signed-in session (migration 0003_sessions_sso); sign-out deletes its row. */
export interface SessionsTable {
  /** Random id, carried in the cookie as the `sid` claim. */
  id: string;
  member_id: number;
  method: "password" | "sso";
  created_at: string;
  /** Absolute end: never extended by activity. */
  expires_at: string;
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

// ERP actions (migration 0002_erp_runs). A transfer run and one row per order it holds; the
// runner that owns a run keeps `heartbeat_at` fresh so that another instance, or this one after a
// restart, can tell a run whose process has stopped.

export type ErpTransferRunState = "queued" | "running" | "completed" | "interrupted";
export type ErpTransferRunOrigin = "new" | "retry_failed" | "send_unsent" | "resend_unknown";
export type ErpOrderOutcome = "pending" | "sending" | "transferred" | "not_transferred" | "unknown";

export interface ErpTransferRunsTable {
  /** A random UUID: the run's address in /erp/transfers/{id}. */
  id: string;
  created_at: string;
  created_by_id: number | null;
  created_by_email: string;
  created_by_name: string;
  idempotency_key: string;
  /** SHA-256 of what was asked, so that a reused key with another request is refused. */
  request_hash: string;
  parent_run_id: string | null;
  origin: ErpTransferRunOrigin;
  state: ErpTransferRunState;
  batch_size: number;
  total_orders: number;
  total_batches: number;
  batches_done: number;
  transferred_count: number;
  not_transferred_count: number;
  unknown_count: number;
  pending_count: number;
  sending_count: number;
  started_at: string | null;
  finished_at: string | null;
  owner_instance: string | null;
  heartbeat_at: string | null;
}

export interface ErpTransferOrdersTable {
  run_id: string;
  /** 1-based position in the list as submitted. */
  position: number;
  /** Exactly as typed: never a number (leading zeros survive). */
  order_id: string;
  /** 1-based batch number. */
  batch: number;
  outcome: ErpOrderOutcome;
  /** The upstream's own words for a not-transferred order, or its message on a refused call. */
  reason: string | null;
  /** The console's reason when the upstream gave none (e.g. "timeout", "interrupted"). */
  reason_code: string | null;
  updated_at: string | null;
  /** The child run this order was handed to by a retry (migration 0004): handed on only once. */
  retried_in: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ErpImportKind = "products" | "prices" | "stock";
export type ErpImportOutcome = "pending" | "started" | "failed";

export interface ErpImportRunsTable {
  id: Generated<number>;
  kind: ErpImportKind;
  started_at: string;
  started_by_id: number | null;
  started_by_email: string;
  started_by_name: string;
  /** "pending" only while the upstream call is in flight. */
  outcome: ErpImportOutcome;
  /** The upstream's message (success text, or its error message on a refusal). */
  message: string | null;
  error_code: string | null;
  error_detail: string | null;
  /** 1 when the upstream may have started the import even though the call failed. */
  may_have_acted: ColumnType<number, number | undefined, number>;
  repeat_confirmed: ColumnType<number, number | undefined, number>;
  finished_at: string | null;
}

/** A named lease (migration 0004): held by `holder` until `expires_at`, renewed while in use. */
export interface ConsoleLocksTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface Database {
  members: MembersTable;
  audit_events: AuditEventsTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
  erp_transfer_runs: ErpTransferRunsTable;
  erp_transfer_orders: ErpTransferOrdersTable;
  erp_import_runs: ErpImportRunsTable;
  console_locks: ConsoleLocksTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
export type Session = Selectable<SessionsTable>;
export type ErpTransferRun = Selectable<ErpTransferRunsTable>;
export type ErpTransferOrder = Selectable<ErpTransferOrdersTable>;
export type ErpImportRun = Selectable<ErpImportRunsTable>;
