import { reasonMeaning, normaliseReason } from "@/lib/erp/outcomes/meanings";
import type { BatchOutcome } from "@/lib/erp/transfers/batch-outcomes";

// Pure: what a finished batch says about the other side, and what the breaker's recent verdicts decide.

export type BreakerCause = { kind: "http"; status: number } | { kind: "timeout" } | { kind: "unreachable" } | { kind: "same_reason"; reason: string };
/** The other side was down (with why), it answered, or the batch says neither (our token refused, a rate limit, an unreadable answer). */
export type BatchVerdict = { down: true; cause: BreakerCause } | { down: false } | null;

const HTTP_FAILURE = /^(?:unavailable|server_error):(\d{3})$/;
const NEITHER = /^(?:auth|rate_limited|invalid_response|console_error|interrupted)(?::|$)/;

function callFailure(code: string): BreakerCause | null {
  const status = HTTP_FAILURE.exec(code)?.[1];
  if (status && Number(status) >= 500) return { kind: "http", status: Number(status) };
  if (code === "timeout") return { kind: "timeout" };
  if (code === "unreachable" || code === "connection_lost") return { kind: "unreachable" };
  return null;
}

// One order refused for its own reason is ordinary; every order of a batch refused with one unknown text is the platform speaking.
function sameReason(outcomes: readonly BatchOutcome[]): string | null {
  if (outcomes.length < 2) return null;
  const first = outcomes[0]!.reason;
  if (!first || !outcomes.every((o) => o.outcome === "not_transferred" && o.reasonCode === null && o.reason !== null && normaliseReason(o.reason) === normaliseReason(first))) return null;
  return reasonMeaning(first).known === null ? first : null;
}

export function batchVerdict(outcomes: readonly BatchOutcome[]): BatchVerdict {
  const first = outcomes[0];
  if (!first) return null;
  const code = first.reasonCode;
  if (code !== null && outcomes.every((o) => o.reasonCode === code)) {
    const cause = callFailure(code);
    if (cause) return { down: true, cause };
    if (NEITHER.test(code)) return null;
  }
  const reason = sameReason(outcomes);
  return reason ? { down: true, cause: { kind: "same_reason", reason } } : { down: false };
}

export interface BreakerSettings {
  windowBatches: number;
  openAfter: number;
}

/** Opens when at least `openAfter` of the last `windowBatches` verdicts (newest first) say down; names the newest cause. */
export function shouldOpen(recent: readonly { down: boolean; cause: BreakerCause | null }[], settings: BreakerSettings): { cause: BreakerCause; failing: number; of: number } | null {
  const window = recent.slice(0, settings.windowBatches);
  const failing = window.filter((v) => v.down);
  if (failing.length < settings.openAfter || !failing[0]?.cause) return null;
  return { cause: failing[0].cause, failing: failing.length, of: window.length };
}

export function causeWords(cause: BreakerCause): string {
  switch (cause.kind) {
    case "http":
      return `the ERP answered ${cause.status}`;
    case "timeout":
      return "the ERP did not answer in time";
    case "unreachable":
      return "the ERP could not be reached";
    case "same_reason":
      return `the ERP refused every order with "${cause.reason}"`;
  }
}

/** "the ERP answered 503 on 3 of the last 4 batches": the trail's and the API's words. */
export function breakerReason(opened: { cause: BreakerCause; failing: number; of: number }): string {
  return `${causeWords(opened.cause)} on ${opened.failing} of the last ${opened.of} batches`;
}

type Words = (key: string, values?: Record<string, string | number>) => string;

/** The same reason in the reader's language, from the root catalog (erpHold.causes, erpHold.why). */
export function breakerWhy(t: Words, opened: { cause: BreakerCause; failing: number; of: number }): string {
  const c = opened.cause;
  const cause = t(`erpHold.causes.${c.kind}`, c.kind === "http" ? { status: c.status } : c.kind === "same_reason" ? { reason: c.reason } : {});
  return t("erpHold.why", { cause, failing: opened.failing, of: opened.of });
}
