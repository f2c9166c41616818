import type { AlertsTables } from "@/lib/alerts/tables";
import type { HomeTables } from "@/lib/home/tables";
import type { SchedulesTables } from "@/lib/schedules/tables";
import type { ViewsTables } from "@/lib/views/tables";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// PostgreSQL tables (the console's own server or a shared one) with ISO-8601 text timestamps and 0/1 flags, as the SQLite stores had.

export const ROLES = ["viewer", "operator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface MembersTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  active: ColumnType<number, number | undefined, number>;
  source: string;
  created_at: string;
  updated_at: string;
  session_version: ColumnType<number, number | undefined, number>;
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
  sso_allowed: ColumnType<number, number | undefined, number>;
}

export interface SessionsTable {
  id: string;
  member_id: number;
  method: "password" | "sso";
  created_at: string;
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

export type ErpTransferRunState = "queued" | "running" | "completed" | "interrupted";
export type ErpTransferRunOrigin = "new" | "retry_failed" | "send_unsent" | "resend_unknown" | "resend_rejected";
export type ErpOrderOutcome = "pending" | "sending" | "transferred" | "not_transferred" | "unknown";

export interface ErpTransferRunsTable {
  id: string;
  created_at: string;
  created_by_id: number | null;
  created_by_email: string;
  created_by_name: string;
  idempotency_key: string;
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
  /** The not-transferred orders by meaning (lib/erp/outcomes.ts): in the ERP already, refused for good, worth resending. */
  already_count: Generated<number>;
  rejected_count: Generated<number>;
  failed_count: Generated<number>;
  /** The batch on its way to the platform (positions, inclusive): its orders' rows stay pending, and read as sending. */
  sending_from: number | null;
  sending_to: number | null;
  /** Orders still pending at or below this position were transferred (only the exceptions are written). */
  transferred_through: Generated<number>;
  started_at: string | null;
  finished_at: string | null;
  job_id: string | null;
}

export interface ErpTransferOrdersTable {
  run_id: string;
  position: number;
  /** Exactly as typed: never a number (leading zeros survive). */
  order_id: string;
  batch: number;
  outcome: ErpOrderOutcome;
  reason: string | null;
  reason_code: string | null;
  /** A settled order's meaning (lib/erp/outcomes.ts); null on rows read through the run (pending, transferred by the mark). */
  meaning: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string | null;
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
  outcome: ErpImportOutcome;
  message: string | null;
  error_code: string | null;
  error_detail: string | null;
  may_have_acted: ColumnType<number, number | undefined, number>;
  repeat_confirmed: ColumnType<number, number | undefined, number>;
  finished_at: string | null;
}

export interface Database extends SchedulesTables, AlertsTables, HomeTables, ViewsTables {
  members: MembersTable;
  audit_events: AuditEventsTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
  erp_transfer_runs: ErpTransferRunsTable;
  erp_transfer_orders: ErpTransferOrdersTable;
  erp_import_runs: ErpImportRunsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
export type Session = Selectable<SessionsTable>;
export type ErpTransferRun = Selectable<ErpTransferRunsTable>;
export type ErpTransferOrder = Selectable<ErpTransferOrdersTable>;
export type ErpImportRun = Selectable<ErpImportRunsTable>;
