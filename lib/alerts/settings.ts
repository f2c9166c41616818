import "server-only";
import { getConfig } from "@/lib/config";
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryQueueOptions } from "@/lib/alerts/engine";

// The alert delivery settings, from the validated configuration (lib/config).

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
      retryLimit: config.alerts.retryLimit,
      retryDelaySeconds: config.alerts.retryDelaySeconds,
      retryDelayMaxSeconds: DEFAULT_DELIVERY_OPTIONS.retryDelayMaxSeconds,
    },
    sendTimeoutMs: config.alerts.sendTimeoutMs,
    smtpVerifyTimeoutMs: config.alerts.smtpVerifyTimeoutMs,
    consoleUrl: config.consoleUrl,
    authSecret: config.authSecret,
  };
}
