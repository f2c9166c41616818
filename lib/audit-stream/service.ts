import "server-only";
import { alertSettings, postToTarget } from "@/lib/alerts/service";
import { getConfig } from "@/lib/config";
import { everyInstance } from "@/lib/jobs/periodic";
import { once } from "@/lib/jobs/once";
import { log } from "@/lib/log";
import { db } from "@/lib/store";
import { deliverOnce, ndjsonSender, streamStatus, type StreamStatus } from "@/lib/audit-stream/deliver";
import { syslogSender } from "@/lib/audit-stream/syslog";
import { isSyslogUrl } from "@/lib/config/env-fields";

export interface AuditStreamView extends StreamStatus {
  host: string;
  syslog: "TLS" | "TCP" | null;
}

/** Off (null) unless AUDIT_STREAM_URL is set; the host only, as the URL may carry credentials. */
export async function auditStreamView(): Promise<AuditStreamView | null> {
  const config = getConfig().auditStream;
  if (!config) return null;
  const url = new URL(config.url);
  return { ...(await streamStatus(await db())), host: url.host, syslog: isSyslogUrl(config.url) ? (url.protocol === "syslog+tls:" ? "TLS" : "TCP") : null };
}

export async function deliverAuditStream(): Promise<void> {
  const config = getConfig().auditStream;
  if (!config) return;
  const { targets, sendTimeoutMs } = alertSettings();
  // Until the receiver has caught up, one batch follows another without waiting for the next tick.
  const send = isSyslogUrl(config.url)
    ? syslogSender(config.url, { targets, timeoutMs: sendTimeoutMs, caFile: config.caFile })
    : ndjsonSender(config.url, config.secret, (url, body, headers) => postToTarget(url, body, headers, { targets, timeoutMs: sendTimeoutMs }));
  for (let i = 0; i < 20; i++) {
    const result = await deliverOnce(await db(), { batch: config.batch, send });
    if (result.held || !result.ok || result.sent < config.batch) {
      // The first failure of a spell, then one in a hundred: the page has the count.
      if (!result.held && !result.ok && (result.failures ?? 1) % 100 === 1) log.warn("audit stream not delivered", { event: "audit_stream.failed", failures: result.failures, error: result.error });
      return;
    }
  }
}

export function startAuditStream(): Promise<void> {
  return once("audit stream", async () => {
    const config = getConfig().auditStream;
    if (config) everyInstance("audit stream", config.intervalMs, deliverAuditStream);
  });
}
