import "server-only";
import { getConfig } from "@/lib/config";
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import type { TargetPolicy } from "@/lib/alerts/targets";

export interface AlertSettings {
  queue: DeliveryQueueOptions;
  sendTimeoutMs: number;
  smtpVerifyTimeoutMs: number;
  consoleUrl: string;
  authSecret: string;
  targets: TargetPolicy;
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
    // Demo mode allows loopback, so trials and the tests reach their own receivers on this machine.
    targets: { allowLoopback: config.demoMode, allowed: config.alerts.allowedTargets },
  };
}
