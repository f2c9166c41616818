import type { ColumnType, Generated, Selectable } from "kysely";
import type { ErpImportKind } from "@/lib/erp/tables";

export type ImportOrigin = "manual" | "scheduled";
/** An import kind, or "transfer": sending the order queue to the ERP. */
export type ScheduleKind = ErpImportKind | "transfer" | "reconcile";
export type ScheduleRunOutcome = "started" | "failed" | "skipped";

export interface SchedulesTable {
  id: string;
  kind: ScheduleKind;
  name: string | null;
  rule_json: string;
  time_zone: string;
  quiet_from: string | null;
  quiet_to: string | null;
  /** Transfer schedules only: the most queued orders one start sends. */
  max_orders: ColumnType<number | null, number | null | undefined, number | null>;
  send_when_waiting: ColumnType<number | null, number | null | undefined, number | null>;
  send_when_oldest_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  window_hours: ColumnType<number | null, number | null | undefined, number | null>;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  next_start_at: Date | null;
  created_at: Date;
  created_by_email: string;
  updated_at: Date;
  updated_by_email: string;
}

export interface ScheduleRunsTable {
  id: Generated<number>;
  schedule_id: string;
  kind: ScheduleKind;
  due_at: Date;
  at: Date;
  outcome: ScheduleRunOutcome;
  reason: string | null;
  message: string | null;
  import_run_id: number | null;
  transfer_run_id: ColumnType<string | null, string | null | undefined, string | null>;
  reconciliation_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SchedulesTables {
  schedules: SchedulesTable;
  schedule_runs: ScheduleRunsTable;
}

export type ScheduleRecord = Selectable<SchedulesTable>;
export type ScheduleRunRecord = Selectable<ScheduleRunsTable>;

declare module "@/lib/erp/tables" {
  interface ErpImportRunsTable {
    origin: ColumnType<ImportOrigin, ImportOrigin | undefined, ImportOrigin>;
    schedule_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
