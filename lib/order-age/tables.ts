import type { AgeAlertLevel } from "@/lib/order-age/constants";

export interface OrderAgeAlertsTable {
  source: string;
  level: AgeAlertLevel;
  alerted_at: Date;
}

export interface OrderAgeTables {
  order_age_alerts: OrderAgeAlertsTable;
}
