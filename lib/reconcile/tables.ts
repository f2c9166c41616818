import type { ColumnType, Selectable } from "kysely";

export type ReconciliationStatus = "running" | "done" | "failed";
export type ReconciliationKind = "window" | "manifest";

export interface ReconciliationsTable {
  id: string;
  kind: ReconciliationKind;
  created_at: Date;
  created_by_email: string;
  created_by_name: string;
  window_from: Date | null;
  window_to: Date | null;
  settled_before: Date;
  status: ReconciliationStatus;
  error: string | null;
  finished_at: Date | null;
  total: number | null;
  in_erp: number | null;
  waiting: number | null;
  open: number | null;
  never_seen: number | null;
  unknown_to_platform: number | null;
  cancelled: number;
  settling: number;
  duplicates: number;
  schedule_id: ColumnType<string | null, string | null | undefined, string | null>;
  alerted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ReconciliationOrdersTable {
  reconciliation_id: string;
  order_id: string;
  bucket: string | null;
  order_date: Date | null;
  source: string | null;
}

export interface ReconcileTables {
  reconciliations: ReconciliationsTable;
  reconciliation_orders: ReconciliationOrdersTable;
}

export type ReconciliationRecord = Selectable<ReconciliationsTable>;
