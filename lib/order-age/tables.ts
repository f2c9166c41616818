import type { AgeAlertLevel, AgePlace } from "@/lib/order-age/constants";

export interface OrderAgeAlertsTable {
  source: string;
  level: AgeAlertLevel;
  alerted_at: Date;
}

/** Kept by triggers (migration 0022): never written by the console's code. */
export interface OrderAgeOrdersTable {
  order_id: string;
  source: string | null;
  since: Date;
  place: AgePlace;
  run_id: string | null;
}

export interface OrderAgeTables {
  order_age_alerts: OrderAgeAlertsTable;
  order_age_orders: OrderAgeOrdersTable;
}
