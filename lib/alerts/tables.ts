import type { ColumnType, Selectable } from "kysely";

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
  delivery_mode: ColumnType<string, string | undefined, string>;
  digest_time: string | null;
  language: ColumnType<string, string | undefined, string>;
}

/** One row per channel and digest slot: the insert that wins is the one instance that sends it. */
export interface AlertDigestsTable {
  channel_id: string;
  slot_at: Date;
  since_at: Date;
  delivery_id: string | null;
  created_at: Date;
}

export interface AlertFreshnessRulesTable {
  kind: string;
  hours: number;
  alerted_at: Date | null;
  updated_at: Date;
  updated_by_email: string | null;
}

export interface AlertArrivalRulesTable {
  id: string;
  silence_minutes: number | null;
  volume_percent: number | null;
  silence_alerted_at: Date | null;
  volume_alerted_day: string | null;
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
  alert_digests: AlertDigestsTable;
  alert_freshness_rules: AlertFreshnessRulesTable;
  alert_arrival_rules: AlertArrivalRulesTable;
}

export type AlertChannelRow = Selectable<AlertChannelsTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;
