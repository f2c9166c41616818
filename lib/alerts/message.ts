import type { AlertEvent, TransferAlertCounts } from "@/lib/alerts/events";
import { digestLines, digestTitle, type DigestEvent } from "@/lib/alerts/digest-summary";
import { redactSecrets } from "@/lib/rules/secrets";

// Alerts are in English (receivers are shared channels, not one member's locale): a title, some detail, a link.

export type DeliveredEvent = AlertEvent | DigestEvent | { type: "test"; channelName: string; by: string | null; at: string } | { type: "handover"; title: string; body: string; at: string };

export interface AlertMessage {
  title: string;
  lines: string[];
  link: string;
}

type LegacyCounts = { total: number; transferred: number; notTransferred: number; unknown: number; pending: number };

// A delivery queued before outcomes by meaning may still be retried: its not-transferred orders read as failed.
function transferCounts(c: TransferAlertCounts | LegacyCounts): TransferAlertCounts {
  if (!("notTransferred" in c)) return c;
  return { total: c.total, transferred: c.transferred, alreadyInErp: 0, rejected: 0, failed: c.notTransferred, unknown: c.unknown, notSent: c.pending };
}

const who = (p: { email: string; name: string | null } | null) => (p ? (p.name ? `${p.name} <${p.email}>` : p.email) : "someone");
const scheduled = (kind: string) => (kind === "transfer" ? "order transfer" : `${kind} import`);

export function renderAlert(event: DeliveredEvent, consoleUrl: string): AlertMessage {
  const message = compose(event, consoleUrl);
  return { title: redactSecrets(message.title), lines: message.lines.map(redactSecrets), link: message.link };
}

function compose(event: DeliveredEvent, consoleUrl: string): AlertMessage {
  const base = consoleUrl.replace(/\/+$/, "");
  switch (event.type) {
    case "transfer.attention": {
      const c = transferCounts(event.counts);
      const title =
        event.status === "interrupted"
          ? "Transfer run interrupted"
          : c.failed > 0
            ? "Transfer run finished with failures"
            : c.unknown > 0
              ? "Transfer run finished with unknown outcomes"
              : "Transfer run needs attention";
      return {
        title,
        lines: [
          `Run ${event.runId}: ${c.transferred} transferred, ${c.alreadyInErp} already in the ERP, ${c.rejected} rejected, ${c.failed} failed, ${c.unknown} unknown, ${c.notSent} not sent, of ${c.total} orders.`,
          `Started by ${who(event.startedBy)}.`,
        ],
        link: `${base}/erp/transfers/${encodeURIComponent(event.runId)}`,
      };
    }
    case "import.not_started":
      return {
        title: `Import could not start: ${event.kind}`,
        lines: [
          `The ${event.kind} import (${event.origin === "scheduled" ? `scheduled${event.scheduleId ? `, schedule ${event.scheduleId}` : ""}` : `started by ${who(event.startedBy)}`}) did not start: ${event.errorCode}.`,
          ...(event.detail ? [event.detail] : []),
        ],
        link: `${base}/erp?import=${encodeURIComponent(event.kind)}`,
      };
    case "platform.unanswered":
      return {
        title: `Labs platform has not answered for ${event.minutes} minutes`,
        lines: [`No answer from the Labs platform since ${event.since}.`, ...(event.lastError ? [`Last error: ${event.lastError}.`] : [])],
        link: `${base}/`,
      };
    case "schedule.paused":
      return {
        title: `Schedule paused: ${scheduled(event.kind)}`,
        lines: [`The ${scheduled(event.kind)} schedule ${event.scheduleId} was paused by ${who(event.by)}.`],
        link: `${base}/erp/schedules`,
      };
    case "import.stale":
      return {
        title: `No ${event.kind} import started for ${event.hours} hours`,
        lines: [event.lastStartedAt ? `The last ${event.kind} import started at ${event.lastStartedAt}.` : `No ${event.kind} import has started since the rule was set.`],
        link: `${base}/erp?import=${encodeURIComponent(event.kind)}`,
      };
    case "digest":
      return { title: digestTitle(event), lines: digestLines(event), link: `${base}/erp/failures` };
    case "handover":
      return { title: event.title, lines: event.body.split("\n").filter((l) => l.trim() !== ""), link: `${base}/handover` };
    case "test":
      return {
        title: "Test alert",
        lines: [`A test of the channel "${event.channelName}"${event.by ? `, sent by ${event.by}` : ""}. If you read this, the channel works.`],
        link: `${base}/alerts`,
      };
  }
}

export function emailSubject(message: AlertMessage): string {
  return `[Labs console] ${message.title}`;
}

export function plainText(message: AlertMessage): string {
  return [message.title, "", ...message.lines, "", message.link].join("\n");
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlText(message: AlertMessage): string {
  return `<p><strong>${escapeHtml(message.title)}</strong></p>${message.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a></p>`;
}

const escapeSlack = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// Lines quote names and the platform's words: plain text, so no `*`, `_`, `~` or backtick formats them and no quoted URL is previewed.
/** A Slack incoming-webhook body: `text` for notifications and clients without blocks, `blocks` for the layout. */
export function slackBody(message: AlertMessage): { text: string; mrkdwn: false; unfurl_links: false; unfurl_media: false; blocks: unknown[] } {
  const text = `${message.title}: ${message.lines.join(" ")} ${message.link}`;
  return {
    text: escapeSlack(text),
    mrkdwn: false,
    unfurl_links: false,
    unfurl_media: false,
    blocks: [
      { type: "header", text: { type: "plain_text", text: message.title.slice(0, 150), emoji: false } },
      { type: "section", text: { type: "plain_text", text: escapeSlack(message.lines.join("\n")), emoji: false } },
      { type: "section", text: { type: "mrkdwn", text: `<${message.link}|Open in the Labs console>`, verbatim: true } },
    ],
  };
}
