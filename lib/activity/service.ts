import "server-only";
import { db } from "@/lib/store";
import { toAuditFilter } from "@/lib/activity/dates";
import { matchTargets, resolveNames, type WarehouseLookup } from "@/lib/activity/names";
import { NO_NAMES, type ActivityNames } from "@/lib/activity/readable";
import { activityQuery, type ActivityPage, type ActivityState, type AuditRecord } from "@/lib/activity/schemas";
import { auditFacetsIn, iterateAuditIn, queryAuditIn, type AuditFilter, type AuditQuery } from "@/lib/activity/store";
import { readableRows, type ReadableAudit } from "@/lib/activity/csv";
import type { Locale } from "@/lib/i18n/config";
import { warehouseIndex } from "@/lib/warehouses/service";

const EXPORT_BATCH = 500;
// Events put into words per call: about 25 ms of work for 500, which would hold the event loop that long.
const READABLE_CHUNK = 50;

const warehouseNames: WarehouseLookup = async () => [...(await warehouseIndex().ready()).values()].map((e) => e.w);

async function filterOf(state: ActivityState, timeZone: string, notAfter?: Date): Promise<AuditFilter> {
  const q = activityQuery(state);
  const filter = toAuditFilter(q, timeZone, notAfter);
  if (q.target && !q.targetType) filter.targets = await matchTargets(await db(), q.target, warehouseNames);
  return filter;
}

export async function listActivity(state: ActivityState, timeZone: string): Promise<ActivityPage> {
  const conn = await db();
  const { items, total } = await queryAuditIn(conn, { ...(await filterOf(state, timeZone)), page: state.page, limit: state.limit });
  return { items, total, page: state.page, limit: state.limit, names: await resolveNames(conn, items, warehouseNames) };
}

/** The newest events with their names, for the home page. */
export async function recentActivity(limit: number): Promise<{ items: AuditRecord[]; names: ActivityNames }> {
  const conn = await db();
  const { items } = await queryAuditIn(conn, { page: 1, limit });
  return { items, names: await resolveNames(conn, items, warehouseNames) };
}

// The trail names people: page reads check the member, as an RSC navigation skips the layout's check.
async function requireMember(): Promise<void> {
  // Loaded when needed: lib/auth writes audit events, and tools and unit tests have no Next runtime.
  const { requirePageMember } = await import("@/lib/auth/session");
  await requirePageMember();
}

export async function readActivity(state: ActivityState, timeZone: string): Promise<ActivityPage> {
  await requireMember();
  return listActivity(state, timeZone);
}

export async function queryAudit(q: AuditQuery): Promise<{ items: AuditRecord[]; total: number; names: ActivityNames }> {
  await requireMember();
  const conn = await db();
  const page = await queryAuditIn(conn, q);
  return { ...page, names: await resolveNames(conn, page.items, warehouseNames) };
}

export async function auditFacets(): Promise<{ actors: string[]; actions: string[] }> {
  await requireMember();
  return auditFacetsIn(await db());
}

/** Every event matching the filters, in batches; the window's end is the export's own time. */
export async function exportActivity(state: ActivityState, ctx: { locale: Locale; timeZone: string; now: Date }): Promise<AsyncIterator<ReadableAudit[]>> {
  const conn = await db();
  const events = iterateAuditIn(conn, await filterOf(state, ctx.timeZone, ctx.now), EXPORT_BATCH)[Symbol.asyncIterator]();
  let done = false;
  let read: AuditRecord[] = [];
  let names: ActivityNames = NO_NAMES;
  return {
    async next() {
      if (!read.length) {
        const batch: AuditRecord[] = [];
        while (!done && batch.length < EXPORT_BATCH) {
          const next = await events.next();
          if (next.done) done = true;
          else batch.push(next.value);
        }
        if (!batch.length) return { done: true, value: undefined };
        [read, names] = [batch, await resolveNames(conn, batch, warehouseNames)];
      }
      const rows = read.slice(0, READABLE_CHUNK);
      read = read.slice(READABLE_CHUNK);
      return { done: false, value: readableRows(rows, names, ctx.locale, ctx.timeZone) };
    },
    async return() {
      await events.return?.(undefined);
      return { done: true, value: undefined };
    },
  };
}
