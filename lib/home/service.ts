import "server-only";
import { recentActivity } from "@/lib/activity/service";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { latestImports, toRunSummary, attentionRuns, outcomeDays } from "@/lib/erp/service";
import { ERP_IMPORT_KINDS } from "@/lib/erp/schemas";
import { readCallHistory, readPlatformHealth, openOutage } from "@/lib/health";
import { nextScheduledStarts, scheduleNames } from "@/lib/home/schedules";
import { queueSummary } from "@/lib/queue/service";
import { nextTransferStart } from "@/lib/schedules/service";
import {
  HOME_ACTIVITY_SIZE,
  HOME_LIST_SIZE,
  type ActivityTile,
  type HealthTile,
  type HomeTile,
  type HomeTiles,
  type ImportsTile,
  type TransfersTile,
  type WarehousesTile,
} from "@/lib/home/schemas";
import { DEFAULT_WAREHOUSE_SORT, READINESS_CHECKS, type ReadinessCheck, type WarehouseSort } from "@/lib/rules/warehouse";
import { warehouseIndex } from "@/lib/warehouses/service";
import { failuresTile } from "@/lib/home/failures-tile";
import { orderAge } from "@/lib/order-age/service";

export async function importsTile(): Promise<ImportsTile> {
  const conn = await db();
  const [latest, next] = await Promise.all([latestImports(conn), nextScheduledStarts(conn)]);
  const names = await scheduleNames(
    conn,
    ERP_IMPORT_KINDS.flatMap((k) => (latest[k]?.scheduleId ? [latest[k].scheduleId] : [])),
  );
  const out = {} as ImportsTile;
  for (const kind of ERP_IMPORT_KINDS) {
    const run = latest[kind];
    out[kind] = {
      last: run
        ? {
            id: run.id,
            at: run.startedAt,
            outcome: run.outcome,
            by: { email: run.startedBy.email, name: run.startedBy.name },
            origin: run.origin ?? "manual",
            schedule: run.scheduleId ? { id: run.scheduleId, name: names.get(run.scheduleId) ?? null } : null,
          }
        : null,
      next: next[kind],
    };
  }
  return out;
}

export async function transfersTile(): Promise<TransfersTile> {
  const conn = await db();
  const [attention, next, queue] = await Promise.all([attentionRuns(conn, HOME_LIST_SIZE), nextTransferStart(conn), queueSummary(conn)]);
  const runs = attention.runs.map(({ run, open }) => {
    const r = toRunSummary(run);
    return { id: r.id, createdAt: r.createdAt, status: r.status, result: r.result, counts: r.counts, open, by: { email: r.createdBy.email, name: r.createdBy.name } };
  });
  const nextSend = next ? { at: next.at, scheduleId: next.scheduleId, name: next.name, queued: queue.count } : null;
  return { counts: attention.counts, runs, nextSend };
}

export async function healthTile(): Promise<HealthTile> {
  const [health, outage] = await Promise.all([readPlatformHealth(), db().then(openOutage)]);
  return { ...health, outage, silentMinutes: getConfig().alerts.platformSilentMinutes };
}

export async function warehousesTile(): Promise<WarehousesTile> {
  const index = warehouseIndex();
  const { items } = await index.match({ q: "", status: "attention", sort: DEFAULT_WAREHOUSE_SORT as WarehouseSort });
  const checks = await index.attention(items);
  const byCheck = Object.fromEntries(READINESS_CHECKS.map((c) => [c, 0])) as Record<ReadinessCheck, number>;
  for (const list of checks) for (const c of list) byCheck[c]++;
  return {
    total: items.length,
    byCheck,
    items: items.slice(0, HOME_LIST_SIZE).map((w, i) => ({ id: w.id, name: w.name, code: w.code, checks: checks[i] ?? [] })),
  };
}

export const activityTile = (): Promise<ActivityTile> => recentActivity(HOME_ACTIVITY_SIZE);

export interface TileContext {
  timeZone: string;
}

const LOADERS: { [K in HomeTile]: (ctx: TileContext) => Promise<HomeTiles[K]> } = {
  imports: importsTile,
  transfers: transfersTile,
  health: healthTile,
  warehouses: warehousesTile,
  activity: activityTile,
  failures: failuresTile,
  calls: () => readCallHistory(),
  outcomes: async ({ timeZone }) => outcomeDays(await db(), timeZone),
  orderAge: () => orderAge(),
};

export function loadTile<K extends HomeTile>(tile: K, ctx: TileContext): Promise<HomeTiles[K]> {
  return LOADERS[tile](ctx);
}
