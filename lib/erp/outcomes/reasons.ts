import { reasonMeaning } from "@/lib/erp/outcomes/meanings";
import { BREAKER_STOPPER } from "@/lib/hold/constants";

export interface ReasonTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

export const stopperName = (t: (key: string) => string, by: string): string => (by === BREAKER_STOPPER ? t("breaker") : by);
/** For a message that names who stopped a run with `{stopper, select, breaker {…} other {{by}}}`, so each language places and capitalises the breaker's name. */
export const stopperArgs = (by: string) => ({ stopper: by === BREAKER_STOPPER ? "breaker" : "person", by });

/** `stop`: who stopped the order's run and when (already in the reader's zone), for orders a stop left unsent. */
export function describeReason(t: ReasonTranslator, row: { reason: string | null; reasonCode: string | null }, stop?: { by: string; at: string } | null): string {
  const parts: string[] = [];
  if (row.reasonCode === "stopped" && stop) parts.push(t("stoppedBy", { name: stopperName(t, stop.by), time: stop.at }));
  else if (row.reasonCode) {
    const [code = "", status = ""] = row.reasonCode.split(":");
    const key = `codes.${code}`;
    parts.push(t.has(key) ? t(key, { status }) : row.reasonCode);
  }
  if (row.reason) {
    const { known } = reasonMeaning(row.reason);
    parts.push(known && t.has(`known.${known}`) ? t(`known.${known}`) : row.reason);
  }
  return parts.join(": ");
}
