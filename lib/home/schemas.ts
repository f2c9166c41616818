import { z } from "zod";
import { parsePositiveId } from "@/lib/rules/ids";
import type { ImportKindName, ImportOutcome, TransferCounts, TransferRunStatus } from "@/lib/erp/schemas";
import type { PlatformHealth } from "@/lib/health/calls";
import { ATTENTION_RUN_RESULTS, HOME_TILES } from "@/lib/home/constants";
import type { RunResult } from "@/lib/erp/outcomes/meanings";
import type { ReadinessCheck } from "@/lib/rules/warehouse";
import type { FailuresTile } from "@/lib/home/failures-tile";
import type { CallHistory } from "@/lib/health/history";
import type { OutcomeDays } from "@/lib/erp/outcomes/days";
import type { ActivityNames } from "@/lib/activity/readable";
import type { AuditRecord } from "@/lib/activity/schemas";
import type { OrderAge } from "@/lib/order-age/schemas";

// The home page's tiles: each has its own endpoint, so one that fails (the platform down) leaves the others standing.

export * from "@/lib/home/constants";
export const homeTileParamSchema = z.object({ tile: z.enum(HOME_TILES) });

export interface ImportTileEntry {
  last: {
    id: number;
    at: string;
    outcome: ImportOutcome;
    by: { email: string; name: string | null };
    origin: "manual" | "scheduled";
    schedule: { id: string; name: string | null } | null;
  } | null;
  next: { at: string; scheduleId: string; name: string | null } | null;
}
export type ImportsTile = Record<ImportKindName, ImportTileEntry>;

export interface TransfersTile {
  counts: Record<(typeof ATTENTION_RUN_RESULTS)[number], number>;
  runs: { id: string; createdAt: string; status: TransferRunStatus; result: RunResult; counts: TransferCounts; open: number; by: { email: string; name: string | null } }[];
  /** The next start of an active transfer schedule, with how many orders wait for it. */
  nextSend: { at: string; scheduleId: string; name: string | null; queued: number } | null;
}

export interface HealthTile extends PlatformHealth {
  outage: { since: string; alertedAt: string } | null;
  silentMinutes: number;
}

export interface WarehousesTile {
  total: number;
  byCheck: Record<ReadinessCheck, number>;
  items: { id: number; name: string; code: string; checks: ReadinessCheck[] }[];
}

export interface ActivityTile {
  items: AuditRecord[];
  names: ActivityNames;
}

export interface HomeTiles {
  imports: ImportsTile;
  transfers: TransfersTile;
  health: HealthTile;
  warehouses: WarehousesTile;
  activity: ActivityTile;
  failures: FailuresTile;
  calls: CallHistory;
  outcomes: OutcomeDays;
  orderAge: OrderAge;
}

export const handoverIdParamSchema = z.object({
  id: z.string().transform((v, ctx) => {
    const id = parsePositiveId(v);
    if (id === null) ctx.addIssue({ code: "custom", message: "validation.handover.id" });
    return id ?? 0;
  }),
});
export const writeHandoverBodySchema = z.strictObject({});
export const sendHandoverBodySchema = z.strictObject({
  channelId: z.string({ error: "validation.handover.channel" }).trim().min(1, { error: "validation.handover.channel" }).max(100, { error: "validation.handover.channel" }),
});
