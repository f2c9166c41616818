export interface ErpOrderResolutionsTable {
  run_id: string;
  position: number;
  order_id: string;
  resolved_at: Date;
  resolved_by_email: string;
  resolved_by_name: string;
  note: string;
}

export interface InboxTables {
  erp_order_resolutions: ErpOrderResolutionsTable;
}
