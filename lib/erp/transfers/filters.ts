import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "@/lib/store/schema";
import { endOfDayInZone, startOfDayInZone } from "@/lib/rules/time-zone";
import { RUN_ORIGIN_GROUP, TRANSFER_ORIGINS, type RunOriginGroup, type TransferOrigin } from "@/lib/erp/lists";
import type { RunResult } from "@/lib/erp/outcomes/meanings";
import type { openToRetryRunIds } from "@/lib/erp/inbox/store";

// The run list's filters by result, origin and date, read from the run row's counts as runResult reads them.

export interface RunFilter {
  result?: RunResult;
  origin?: RunOriginGroup;
  from?: Date;
  to?: Date;
  inRuns?: ReturnType<typeof openToRetryRunIds>;
  channel?: string;
}

type RunQuery = SelectQueryBuilder<Database, "erp_transfer_runs", object>;

const OPEN = sql<number>`(failed_count + unknown_count + pending_count + sending_count)`;
const SETTLED = sql<number>`(transferred_count + already_count + rejected_count)`;

export function originsOf(group: RunOriginGroup): TransferOrigin[] {
  return TRANSFER_ORIGINS.filter((o) => RUN_ORIGIN_GROUP[o] === group);
}

export function filterRuns(base: RunQuery, f: RunFilter): RunQuery {
  let q = base;
  if (f.origin) q = q.where("origin", "in", originsOf(f.origin));
  if (f.from) q = q.where("created_at", ">=", f.from);
  if (f.to) q = q.where("created_at", "<=", f.to);
  if (f.inRuns) q = q.where("id", "in", f.inRuns);
  if (f.channel) q = q.where("id", "in", (eb) => eb.selectFrom("erp_transfer_orders").select("run_id").where("source", "=", f.channel!));
  switch (f.result) {
    case "running":
      return q.where("state", "in", ["queued", "running"]);
    case "interrupted":
      return q.where("state", "=", "interrupted");
    case "needs_attention":
      return q.where("state", "=", "completed").where(sql<boolean>`(${OPEN} > 0 or ${SETTLED} = 0)`);
    case "complete_with_rejections":
      return q.where("state", "=", "completed").where(sql<boolean>`${OPEN} = 0 and rejected_count > 0`);
    case "complete":
      return q.where("state", "=", "completed").where(sql<boolean>`${OPEN} = 0 and rejected_count = 0 and ${SETTLED} > 0`);
  }
  return q;
}

/** Days in the account's time zone, as the list shows them, to the instants the store compares. */
export function runFilterOf(q: { result?: RunResult; origin?: RunOriginGroup; from?: string; to?: string; channel?: string }, timeZone: string): RunFilter {
  return {
    result: q.result,
    origin: q.origin,
    channel: q.channel,
    from: q.from ? startOfDayInZone(q.from, timeZone) : undefined,
    to: q.to ? endOfDayInZone(q.to, timeZone) : undefined,
  };
}
