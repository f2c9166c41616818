import type { Selectable } from "kysely";

export interface AlertChannelsTable {
  id: string;
  name: string;
  kind: string;
  enabled: boolean;
  events_json: string;
  settings_json: string;
  secrets_sealed: string;
  created_at: Date;
  created_by_email: string | null;
  updated_at: Date;
  updated_by_email: string | null;
}

export interface AlertDeliveriesTable {
  id: string;
  channel_id: string;
  event_type: string;
  event_json: string;
  status: string;
  attempts: number;
  max_attempts: number;
  created_at: Date;
  updated_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  response_status: number | null;
  response_text: string | null;
}

export interface AlertsTables {
  alert_channels: AlertChannelsTable;
  alert_deliveries: AlertDeliveriesTable;
}

export type AlertChannelRow = Selectable<AlertChannelsTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;
