import type { Generated, Selectable } from "kysely";

export type HoldBy = "person" | "breaker";

export interface TransferHoldTable {
  id: string;
  held: boolean;
  reason: string | null;
  since: Date | null;
  until: Date | null;
  by: HoldBy;
  by_email: string;
  by_name: string;
  lifted_at: Date | null;
  updated_at: Date;
}

export type BreakerState = "closed" | "open" | "half_open";

export interface TransferBreakerTable {
  id: string;
  state: BreakerState;
  opened_at: Date | null;
  cause_json: string | null;
  next_probe_at: Date | null;
  probe_run_id: string | null;
  closed_at: Date | null;
  drain_due: Generated<boolean>;
  updated_at: Date;
}

export interface TransferBatchVerdictsTable {
  id: Generated<string>;
  at: Date;
  run_id: string;
  batch: number;
  down: boolean;
  cause_json: string | null;
}

export interface HoldTables {
  transfer_hold: TransferHoldTable;
  transfer_breaker: TransferBreakerTable;
  transfer_batch_verdicts: TransferBatchVerdictsTable;
}

export type TransferHoldRecord = Selectable<TransferHoldTable>;
export type TransferBreakerRecord = Selectable<TransferBreakerTable>;
