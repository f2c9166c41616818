// Alert names, catalog keys and API paths without zod, for the browser; lib/alerts/schemas.ts re-exports them.

export const ALERT_EVENT_TYPES = ["transfer.attention", "import.not_started", "platform.unanswered", "schedule.paused", "import.stale", "orders.silent", "orders.low_volume", "order.age", "transfer.breaker", "reconcile.never_seen"] as const;
export const ALERT_CHANNEL_KINDS = ["webhook", "slack", "email"] as const;
export const SMTP_TLS_MODES = ["tls", "starttls", "none"] as const;
export const DELIVERY_STATUSES = ["queued", "retrying", "delivered", "failed"] as const;
export const DELIVERY_MODES = ["immediate", "hourly", "daily"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DEFAULT_DIGEST_TIME = "08:00";

export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
export type SmtpTlsMode = (typeof SMTP_TLS_MODES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type AlertEventTypeName = (typeof ALERT_EVENT_TYPES)[number];

/** The catalog key of an event type (next-intl reads dots as nesting). */
export function eventKey(type: AlertEventTypeName | "test" | "digest"): string {
  return type.replace(".", "_");
}

export const ALERTS_API = "/api/alerts";
export const CHANNELS_KEY = `${ALERTS_API}/channels`;
export const FRESHNESS_KEY = `${ALERTS_API}/freshness`;
export const ARRIVALS_KEY = `${ALERTS_API}/arrivals`;
