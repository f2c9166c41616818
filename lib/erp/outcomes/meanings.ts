import type { OrderOutcome, TransferRunState } from "@/lib/erp/lists";

// The one catalog of meanings, from the platform's texts and the console's reason codes (lib/erp/outcomes/reasons.ts); pure, for the browser too.

export const MEANINGS = ["transferred", "already_in_erp", "rejected", "failed", "unknown", "not_sent", "sending"] as const;
export type Meaning = (typeof MEANINGS)[number];
export type SettledMeaning = Exclude<Meaning, "transferred" | "not_sent" | "sending">;

export const RUN_RESULTS = ["running", "complete", "complete_with_rejections", "needs_attention", "interrupted"] as const;
export type RunResult = (typeof RUN_RESULTS)[number];

export interface MeaningCounts {
  transferred: number;
  alreadyInErp: number;
  rejected: number;
  failed: number;
  unknown: number;
  notSent: number;
  sending: number;
}

export type KnownReason = "alreadyTransferred" | "notFound";

const KNOWN: { key: KnownReason; meaning: "already_in_erp" | "rejected"; texts: string[] }[] = [
  {
    key: "alreadyTransferred",
    meaning: "already_in_erp",
    texts: ["Sipariş daha önce aktarılmış", "Sipariş zaten aktarılmış", "Order already transferred", "Order was already transferred", "Already transferred"],
  },
  { key: "notFound", meaning: "rejected", texts: ["Sipariş bulunamadı", "Order not found", "Order was not found", "Not found"] },
];

/** Locale-free lower case turns İ into i and a dot mark (dropped with the marks); ı has no mark. */
export function normaliseReason(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ı/g, "i")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const BY_TEXT = new Map(KNOWN.flatMap((k) => k.texts.map((text) => [normaliseReason(text), k] as const)));

export function reasonMeaning(text: string): { meaning: "already_in_erp" | "rejected"; known: KnownReason | null } {
  const hit = BY_TEXT.get(normaliseReason(text));
  return hit ? { meaning: hit.meaning, known: hit.key } : { meaning: "rejected", known: null };
}

// A call refused for good is rejected; anything that kept the platform from acting is failed: sending again may help.
export const REASON_CODES = [
  "timeout",
  "connection_lost",
  "unreachable",
  "invalid_response",
  "server_error",
  "unavailable",
  "rejected",
  "auth",
  "rate_limited",
  "not_in_answer",
  "contradictory_answer",
  "no_reason",
  "interrupted",
  "console_error",
  "transferred_before",
] as const;
const CODE_MEANING: Record<(typeof REASON_CODES)[number], "rejected" | "failed" | "already_in_erp"> = {
  timeout: "failed",
  connection_lost: "failed",
  unreachable: "failed",
  invalid_response: "failed",
  server_error: "failed",
  unavailable: "failed",
  rejected: "rejected",
  auth: "failed",
  rate_limited: "failed",
  not_in_answer: "failed",
  contradictory_answer: "failed",
  no_reason: "rejected",
  interrupted: "failed",
  console_error: "failed",
  transferred_before: "already_in_erp",
};

export function orderMeaning(row: { outcome: OrderOutcome; reason: string | null; reasonCode: string | null }): Meaning {
  switch (row.outcome) {
    case "transferred":
      return "transferred";
    case "pending":
      return "not_sent";
    case "sending":
      return "sending";
    case "unknown":
      return "unknown";
    case "not_transferred": {
      if (row.reasonCode) return CODE_MEANING[row.reasonCode.split(":")[0] as (typeof REASON_CODES)[number]] ?? "failed";
      return row.reason ? reasonMeaning(row.reason).meaning : "rejected";
    }
  }
}

export function isUnrecognised(row: { outcome: OrderOutcome; reason: string | null; reasonCode: string | null }): boolean {
  return row.outcome === "not_transferred" && !row.reasonCode && (!row.reason || reasonMeaning(row.reason).known === null);
}

/** Refused orders alone make it "complete with rejections"; anything failed, unknown or unsent needs someone to look. */
export function runResult(state: TransferRunState, m: MeaningCounts): RunResult {
  if (state === "queued" || state === "running") return "running";
  if (state === "interrupted") return "interrupted";
  const total = m.transferred + m.alreadyInErp + m.rejected + m.failed + m.unknown + m.notSent + m.sending;
  if (total === 0 || m.failed + m.unknown + m.notSent + m.sending > 0) return "needs_attention";
  return m.rejected > 0 ? "complete_with_rejections" : "complete";
}

export function raisesAttention(result: RunResult): boolean {
  return result === "needs_attention" || result === "interrupted";
}
