import type { Selectable } from "kysely";

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

export interface HoldTables {
  transfer_hold: TransferHoldTable;
}

export type TransferHoldRecord = Selectable<TransferHoldTable>;
