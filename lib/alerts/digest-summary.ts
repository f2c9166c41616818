import { runResult, type MeaningCounts } from "@/lib/erp/outcomes/meanings";
import type { ImportKindName, TransferRunState } from "@/lib/erp/lists";
import type { MessageWords } from "@/lib/alerts/message";
import { localMinutes, parseTime } from "@/lib/schedules/next";
import { ageParts, type AgeLevel } from "@/lib/order-age/constants";
import type { Reconciled } from "@/lib/reconcile/read";

// Pure: which digest slot a moment belongs to, and what a digest says; lib/alerts/digest.ts reads the store and sends it.

export type DigestMode = "hourly" | "daily";

export const OPEN_MEANINGS = ["failed", "unknown", "not_sent", "rejected"] as const;
export type OpenMeaning = (typeof OPEN_MEANINGS)[number];

export interface DigestCounts {
  runs: { total: number; complete: number; completeWithRejections: number; needsAttention: number; interrupted: number; running: number };
  open: { total: number; failed: number; unknown: number; notSent: number; rejected: number };
  stale: { kind: ImportKindName; hours: number }[];
  silence?: { minutes: number; lastPushAt: string | null } | null;
  oldest?: { source: string | null; since: string; level: AgeLevel };
  reconciled?: Reconciled;
}

export interface DigestEvent extends DigestCounts {
  type: "digest";
  mode: DigestMode;
  since: string;
  until: string;
  timeZone: string;
  at: string;
  /** Who asked for it now, when it is no scheduled digest. */
  requestedBy?: string;
}

/** The start of the slot `now` falls in: the last full hour, or the last daily time, on the account's clock. */
export function digestSlot(now: Date, mode: DigestMode, time: string | null, timeZone: string): { slotAt: Date; periodMs: number } {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const local = localMinutes(new Date(minute), timeZone);
  const at = parseTime(time ?? "") ?? { hour: 8, minute: 0 };
  const back = mode === "hourly" ? local % 60 : (local - (at.hour * 60 + at.minute) + 1440) % 1440;
  return { slotAt: new Date(minute - back * 60_000), periodMs: (mode === "hourly" ? 60 : 1440) * 60_000 };
}

export function summariseDigest(
  runs: readonly { state: TransferRunState; meanings: MeaningCounts }[],
  open: readonly { meaning: string; n: number }[],
  stale: DigestCounts["stale"] = [],
  silence: DigestCounts["silence"] = null,
): DigestCounts {
  const results = runs.map((r) => runResult(r.state, r.meanings));
  const count = (result: string) => results.filter((r) => r === result).length;
  const n = (meaning: OpenMeaning) => open.filter((o) => o.meaning === meaning).reduce((sum, o) => sum + Number(o.n), 0);
  const failed = n("failed");
  const unknown = n("unknown");
  const notSent = n("not_sent");
  const rejected = n("rejected");
  return {
    runs: {
      total: runs.length,
      complete: count("complete"),
      completeWithRejections: count("complete_with_rejections"),
      needsAttention: count("needs_attention"),
      interrupted: count("interrupted"),
      running: count("running"),
    },
    open: { total: failed + unknown + notSent + rejected, failed, unknown, notSent, rejected },
    stale,
    ...(silence ? { silence } : {}),
  };
}

/** Nothing ran, nothing is open, nothing is stale: no message (a digest that says nothing is the noise it replaces). */
export function isEmptyDigest(counts: DigestCounts): boolean {
  return counts.runs.total === 0 && counts.open.total === 0 && counts.stale.length === 0 && !counts.silence && (counts.oldest?.level ?? "ok") === "ok" && !counts.reconciled?.neverSeen;
}

export function digestTitle(event: DigestEvent, words: MessageWords): string {
  return words.t("alertMessages.digest.title", { period: words.t(`alertMessages.digest.${event.mode}${event.requestedBy ? "SoFar" : ""}`), runs: event.runs.total, open: event.open.total });
}

export function digestLines(event: DigestEvent, words: MessageWords): string[] {
  const { t } = words;
  const r = event.runs;
  const o = event.open;
  return [
    t("alertMessages.digest.period", { since: words.when(event.since), until: words.when(event.until), timeZone: event.timeZone }),
    t("alertMessages.digest.runs", { complete: r.complete, withRejections: r.completeWithRejections, attention: r.needsAttention, interrupted: r.interrupted, running: r.running }),
    t("alertMessages.digest.open", { failed: o.failed, unknown: o.unknown, notSent: o.notSent, rejected: o.rejected }),
    ...event.stale.map((s) => t("alertMessages.digest.stale", { kind: words.kindWord(s.kind), hours: s.hours })),
    ...(event.silence ? [event.silence.lastPushAt ? t("alertMessages.digest.silent", { minutes: event.silence.minutes, at: words.when(event.silence.lastPushAt) }) : t("alertMessages.digest.silentNever", { minutes: event.silence.minutes })] : []),
    ...(event.oldest ? [t("alertMessages.digest.oldest", { age: t("alertMessages.orderAge.age", ageParts(event.oldest.since, event.at)), channel: event.oldest.source ?? t("alertMessages.orderAge.noChannel") })] : []),
    ...reconciledLines(event.reconciled, words),
    ...(event.requestedBy ? [t("alertMessages.digest.requested", { who: event.requestedBy })] : []),
  ];
}

function reconciledLines(r: Reconciled | undefined, words: MessageWords): string[] {
  if (!r) return [];
  const { t } = words;
  const counts = (c: Omit<Reconciled["byChannel"][number], "source">) => ({ total: c.total, inErp: c.inErp, waiting: c.waiting, open: c.open, neverSeen: c.neverSeen });
  const channels = r.byChannel.length > 1 ? r.byChannel.map((c) => t("alertMessages.digest.reconciledChannel", { channel: c.source ?? t("alertMessages.orderAge.noChannel"), ...counts(c) })) : [];
  return [t("alertMessages.digest.reconciled", { from: r.from ? words.when(r.from) : "–", to: r.to ? words.when(r.to) : "–", ...counts(r) }), ...channels];
}
