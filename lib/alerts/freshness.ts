import type { ImportKindName } from "@/lib/erp/lists";

// Pure: when an import kind is stale, and whether this stale spell has had its alert.

export interface FreshnessRule {
  kind: ImportKindName;
  hours: number;
  /** When the rule was set: a kind that never ran counts from here. */
  since: Date;
  alertedAt: Date | null;
}

export interface FreshnessVerdict {
  stale: boolean;
  /** The last start (or the rule's start) the spell counts from. */
  from: Date;
  alert: boolean;
}

export function judgeFreshness(rule: FreshnessRule, lastStartedAt: Date | null, now: Date): FreshnessVerdict {
  const from = lastStartedAt ?? rule.since;
  const stale = rule.hours > 0 && now.getTime() - from.getTime() >= rule.hours * 3_600_000;
  // One alert per spell: an alert given after the spell began covers it until a new start.
  const alert = stale && (rule.alertedAt === null || rule.alertedAt < from);
  return { stale, from, alert };
}
