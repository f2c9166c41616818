import type { Selectable } from "kysely";

export interface ErpRecoveriesTable {
  id: string;
  name: string;
  window_from: Date;
  window_to: Date;
  source: string | null;
  reason: string | null;
  order_count: number;
  run_id: string;
  pace_per_minute: number;
  created_at: Date;
  created_by_email: string;
  created_by_name: string;
}
export type ErpRecovery = Selectable<ErpRecoveriesTable>;

export interface RecoveriesTables {
  erp_recoveries: ErpRecoveriesTable;
}
