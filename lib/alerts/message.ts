import type { AlertEvent, TransferAlertCounts } from "@/lib/alerts/events";
import { digestLines, digestTitle, type DigestEvent } from "@/lib/alerts/digest-summary";
import { catalogTranslator, type CatalogTranslator } from "@/lib/i18n/catalog-translator";
import type { Locale } from "@/lib/i18n/config";
import { formatDateTime } from "@/lib/i18n/datetime";
import { redactSecrets } from "@/lib/rules/secrets";
import { ageParts } from "@/lib/order-age/constants";
import { breakerWhy } from "@/lib/hold/breaker";

// Alerts speak the channel's language (receivers are shared channels, not one member's locale), with the account's clock.

export type DeliveredEvent = AlertEvent | DigestEvent | { type: "test"; channelName: string; by: string | null; at: string } | { type: "handover"; title: string; body: string; at: string };

export interface AlertMessage {
  title: string;
  lines: string[];
  link: string;
  subject: string;
  open: string;
}

export interface AlertReader {
  locale: Locale;
  timeZone: string;
}

type LegacyCounts = { total: number; transferred: number; notTransferred: number; unknown: number; pending: number };

// A delivery queued before outcomes by meaning may still be retried: its not-transferred orders read as failed.
function transferCounts(c: TransferAlertCounts | LegacyCounts): TransferAlertCounts {
  if (!("notTransferred" in c)) return c;
  return { total: c.total, transferred: c.transferred, alreadyInErp: 0, rejected: 0, failed: c.notTransferred, unknown: c.unknown, notSent: c.pending };
}

export interface MessageWords {
  t: CatalogTranslator;
  when: (iso: string) => string;
  who: (p: { email: string; name: string | null } | null) => string;
  /** "stock import", "order transfer": the trail's own names of the kinds. */
  kindJob: (kind: string) => string;
  kindWord: (kind: string) => string;
}

export function messageWords(reader: AlertReader): MessageWords {
  const t = catalogTranslator(reader.locale, reader.timeZone);
  const label = (key: string, kind: string) => (t.has(`${key}.${kind}`) ? t(`${key}.${kind}`) : kind);
  return {
    t,
    when: (iso) => formatDateTime(iso, reader.locale, reader.timeZone),
    who: (p) => (p ? (p.name ? t("alertMessages.person", { name: p.name, email: p.email }) : p.email) : t("alertMessages.someone")),
    kindJob: (kind) => label("activity.targets.scheduleKinds", kind),
    kindWord: (kind) => label("activity.targets.kinds", kind),
  };
}

export function renderAlert(event: DeliveredEvent, consoleUrl: string, reader: AlertReader): AlertMessage {
  const words = messageWords(reader);
  const message = compose(event, consoleUrl, words);
  const title = redactSecrets(message.title);
  return { title, lines: message.lines.map(redactSecrets), link: message.link, subject: words.t("alertMessages.subject", { title }), open: words.t("alertMessages.open") };
}

function compose(event: DeliveredEvent, consoleUrl: string, words: MessageWords): Pick<AlertMessage, "title" | "lines" | "link"> {
  const { t, who, kindJob, kindWord } = words;
  const base = consoleUrl.replace(/\/+$/, "");
  switch (event.type) {
    case "transfer.attention": {
      const c = transferCounts(event.counts);
      const title = event.status === "interrupted" ? "interrupted" : c.failed > 0 ? "failures" : c.unknown > 0 ? "unknown" : "attention";
      return {
        title: t(`alertMessages.transfer.${title}`),
        lines: [t("alertMessages.transfer.counts", { runId: event.runId, ...c }), t("alertMessages.transfer.startedBy", { who: who(event.startedBy) })],
        link: `${base}/erp/transfers/${encodeURIComponent(event.runId)}`,
      };
    }
    case "import.not_started": {
      const values = { kind: kindJob(event.kind), code: event.errorCode, scheduleId: event.scheduleId ?? "", who: who(event.startedBy) };
      const line = event.origin !== "scheduled" ? "startedBy" : event.scheduleId ? "scheduledBy" : "scheduled";
      return {
        title: t("alertMessages.importNotStarted.title", { kind: kindWord(event.kind) }),
        lines: [t(`alertMessages.importNotStarted.${line}`, values), ...(event.detail ? [event.detail] : [])],
        link: `${base}/erp?import=${encodeURIComponent(event.kind)}`,
      };
    }
    case "platform.unanswered":
      return {
        title: t("alertMessages.platform.title", { minutes: event.minutes }),
        lines: [t("alertMessages.platform.since", { since: words.when(event.since) }), ...(event.lastError ? [t("alertMessages.platform.lastError", { error: event.lastError })] : [])],
        link: `${base}/`,
      };
    case "schedule.paused":
      return {
        title: t("alertMessages.schedulePaused.title", { kind: kindJob(event.kind) }),
        lines: [t("alertMessages.schedulePaused.line", { kind: kindJob(event.kind), scheduleId: event.scheduleId, who: who(event.by) })],
        link: `${base}/erp/schedules`,
      };
    case "import.stale": {
      const kind = kindWord(event.kind);
      return {
        title: t("alertMessages.stale.title", { kind, hours: event.hours }),
        lines: [event.lastStartedAt ? t("alertMessages.stale.last", { kind, at: words.when(event.lastStartedAt) }) : t("alertMessages.stale.never", { kind })],
        link: `${base}/erp?import=${encodeURIComponent(event.kind)}`,
      };
    }
    case "orders.silent":
      return {
        title: t("alertMessages.silence.title", { minutes: event.minutes }),
        lines: [event.lastPushAt ? t("alertMessages.silence.last", { at: words.when(event.lastPushAt) }) : t("alertMessages.silence.never")],
        link: `${base}/erp#queue`,
      };
    case "orders.low_volume":
      return {
        title: t("alertMessages.volume.title"),
        lines: [t("alertMessages.volume.line", { today: event.today, percent: event.percent, median: event.median })],
        link: `${base}/erp#queue`,
      };
    case "order.age": {
      const age = ageParts(event.since, event.at);
      const channel = event.source ?? t("alertMessages.orderAge.noChannel");
      return {
        title: t(`alertMessages.orderAge.${event.level}`, { channel, age: t("alertMessages.orderAge.age", age) }),
        lines: [
          t("alertMessages.orderAge.oldest", { orderId: event.orderId, since: words.when(event.since), count: event.count }),
          t("alertMessages.orderAge.deadline", { days: event.deadlineDays }),
        ],
        link: `${base}/`,
      };
    }
    case "transfer.breaker": {
      const why = breakerWhy(t, event);
      const since = words.when(event.since);
      return {
        title: t(`alertMessages.breaker.${event.change}Title`),
        lines: [event.change === "opened" ? t("alertMessages.breaker.opened", { since, why }) : t("alertMessages.breaker.recovered", { since, why, pace: event.pace })],
        link: `${base}/erp#transfer-hold`,
      };
    }
    case "reconcile.never_seen":
      return {
        title: t("alertMessages.reconcile.neverSeenTitle", { neverSeen: event.neverSeen }),
        lines: [t("alertMessages.reconcile.neverSeen", { total: event.total, neverSeen: event.neverSeen, from: event.from ? words.when(event.from) : "–", to: event.to ? words.when(event.to) : "–" }), t("alertMessages.reconcile.queueHint")],
        link: `${base}/reconciliations/${event.reconciliationId}`,
      };
    case "digest":
      return { title: digestTitle(event, words), lines: digestLines(event, words), link: `${base}/erp/failures` };
    case "handover":
      return { title: event.title, lines: event.body.split("\n").filter((l) => l.trim() !== ""), link: `${base}/handover` };
    case "test":
      return {
        title: t("alertMessages.test.title"),
        lines: [event.by ? t("alertMessages.test.lineBy", { channel: event.channelName, by: event.by }) : t("alertMessages.test.line", { channel: event.channelName })],
        link: `${base}/alerts`,
      };
  }
}

export function emailSubject(message: AlertMessage): string {
  return message.subject;
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
      { type: "section", text: { type: "mrkdwn", text: `<${message.link}|${escapeSlack(message.open)}>`, verbatim: true } },
    ],
  };
}
