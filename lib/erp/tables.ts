import type { ColumnType, Generated, Selectable } from "kysely";

export type ErpTransferRunState = "queued" | "running" | "completed" | "interrupted";
export type ErpTransferRunOrigin = "new" | "retry_failed" | "send_unsent" | "resend_unknown" | "resend_rejected" | "automatic" | "queue" | "api" | "recovery";
export type ErpOrderOutcome = "pending" | "sending" | "transferred" | "not_transferred" | "unknown";

export interface ErpTransferRunsTable {
  id: string;
  created_at: Date;
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
  already_count: Generated<number>;
  rejected_count: Generated<number>;
  failed_count: Generated<number>;
  /** The batch on its way to the platform (positions, inclusive): its orders' rows stay pending, and read as sending. */
  sending_from: number | null;
  sending_to: number | null;
  /** Orders still pending at or below this position were transferred (only the exceptions are written). */
  transferred_through: Generated<number>;
  started_at: Date | null;
  finished_at: Date | null;
  job_id: string | null;
  /** Set by whoever stops the run, on any instance; its worker reads it between batches. */
  stop_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  stop_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Batches per minute for a paced run (a drain after an outage); null sends as fast as the platform answers. */
  pace_per_minute: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ErpTransferOrdersTable {
  run_id: string;
  position: number;
  order_id: string;
  batch: number;
  outcome: ErpOrderOutcome;
  reason: string | null;
  reason_code: string | null;
  meaning: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Date | null;
  retried_in: ColumnType<string | null, string | null | undefined, string | null>;
  source: ColumnType<string | null, string | null | undefined, string | null>;
  order_date: ColumnType<Date | null, Date | null | undefined, Date | null>;
  package_id: ColumnType<string | null, string | null | undefined, string | null>;
  first_seen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type ErpImportKind = "products" | "prices" | "stock";
export type ErpImportOutcome = "pending" | "started" | "failed";

export interface ErpImportRunsTable {
  id: Generated<number>;
  kind: ErpImportKind;
  started_at: Date;
  started_by_id: number | null;
  started_by_email: string;
  started_by_name: string;
  outcome: ErpImportOutcome;
  message: string | null;
  error_code: string | null;
  error_detail: string | null;
  may_have_acted: ColumnType<boolean, boolean | undefined, boolean>;
  repeat_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  finished_at: Date | null;
}

export interface ErpTables {
  erp_transfer_runs: ErpTransferRunsTable;
  erp_transfer_orders: ErpTransferOrdersTable;
  erp_import_runs: ErpImportRunsTable;
}

export type ErpTransferRun = Selectable<ErpTransferRunsTable>;
export type ErpTransferOrder = Selectable<ErpTransferOrdersTable>;
export type ErpImportRun = Selectable<ErpImportRunsTable>;
