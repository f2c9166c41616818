import "server-only";
import { getConfig } from "@/lib/config";
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryQueueOptions } from "@/lib/alerts/engine";

// The alert delivery settings. Read from the environment here until lib/config takes them
// (ALERT_RETRY_LIMIT, ALERT_RETRY_DELAY_SECONDS, ALERT_SEND_TIMEOUT_SECONDS, ALERT_SMTP_VERIFY_TIMEOUT_SECONDS).

function intFrom(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

export interface AlertSettings {
  queue: DeliveryQueueOptions;
  sendTimeoutMs: number;
  smtpVerifyTimeoutMs: number;
  consoleUrl: string;
  authSecret: string;
}

export function alertSettings(): AlertSettings {
  const config = getConfig();
  return {
    queue: {
      retryLimit: intFrom("ALERT_RETRY_LIMIT", DEFAULT_DELIVERY_OPTIONS.retryLimit, 0, 20),
      retryDelaySeconds: intFrom("ALERT_RETRY_DELAY_SECONDS", DEFAULT_DELIVERY_OPTIONS.retryDelaySeconds, 1, 3600),
      retryDelayMaxSeconds: DEFAULT_DELIVERY_OPTIONS.retryDelayMaxSeconds,
    },
    sendTimeoutMs: intFrom("ALERT_SEND_TIMEOUT_SECONDS", 10, 1, 120) * 1000,
    smtpVerifyTimeoutMs: intFrom("ALERT_SMTP_VERIFY_TIMEOUT_SECONDS", 5, 1, 60) * 1000,
    consoleUrl: config.consoleUrl,
    authSecret: config.authSecret,
  };
}
