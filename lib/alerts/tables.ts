import type { Selectable } from "kysely";

export interface AlertChannelsTable {
  id: string;
  name: string;
  /** "webhook" | "slack" | "email" */
  kind: string;
  enabled: boolean;
  /** JSON array of AlertEventType. */
  events_json: string;
  /** JSON of the channel's settings that are no secret (SMTP host, port, TLS mode, user, from, recipients). */
  settings_json: string;
  /** AES-256-GCM sealed JSON of the secrets (webhook URL, signing secret, SMTP password): iv.tag.ciphertext, base64url. */
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
  /** "queued" | "retrying" | "delivered" | "failed" */
  status: string;
  attempts: number;
  max_attempts: number;
  created_at: Date;
  updated_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  response_status: number | null;
  /** The receiver's answer or the error, at most ~300 characters, secrets redacted. */
  response_text: string | null;
}

export interface AlertsTables {
  alert_channels: AlertChannelsTable;
  alert_deliveries: AlertDeliveriesTable;
}

export type AlertChannelRow = Selectable<AlertChannelsTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;
