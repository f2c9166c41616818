import "server-only";
import { db } from "@/lib/store";
import { toAuditFilter } from "@/lib/activity/dates";
import { activityQuery, type ActivityPage, type ActivityState, type AuditRecord } from "@/lib/activity/schemas";
import { auditFacetsIn, iterateAuditIn, queryAuditIn, type AuditQuery } from "@/lib/activity/store";

const EXPORT_BATCH = 500;

export async function listActivity(state: ActivityState, timeZone: string): Promise<ActivityPage> {
  const filter = toAuditFilter(activityQuery(state), timeZone);
  const { items, total } = await queryAuditIn(await db(), { ...filter, page: state.page, limit: state.limit });
  return { items, total, page: state.page, limit: state.limit };
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

export async function queryAudit(q: AuditQuery): Promise<{ items: AuditRecord[]; total: number }> {
  await requireMember();
  return queryAuditIn(await db(), q);
}

export async function auditFacets(): Promise<{ actors: string[]; actions: string[] }> {
  await requireMember();
  return auditFacetsIn(await db());
}

/** Every event matching the filters, in batches; the window's end is the export's own time. */
export async function exportActivity(state: ActivityState, timeZone: string, now: Date): Promise<AsyncIterator<AuditRecord[]>> {
  const events = iterateAuditIn(await db(), toAuditFilter(activityQuery(state), timeZone, now), EXPORT_BATCH)[Symbol.asyncIterator]();
  let done = false;
  return {
    async next() {
      const batch: AuditRecord[] = [];
      while (!done && batch.length < EXPORT_BATCH) {
        const next = await events.next();
        if (next.done) done = true;
        else batch.push(next.value);
      }
      return batch.length ? { done: false, value: batch } : { done: true, value: undefined };
    },
    async return() {
      await events.return?.(undefined);
      return { done: true, value: undefined };
    },
  };
}
