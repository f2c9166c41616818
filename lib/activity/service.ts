import "server-only";
import { db } from "@/lib/store";
import { log } from "@/lib/log";
import { activityCsvFilename, activityCsvHeader, activityCsvLines } from "@/lib/activity/csv";
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

// The first batch is read before answering: a store that is down is an error, not a broken file.
export async function exportActivity(state: ActivityState, timeZone: string, requestId?: string): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const startedAt = new Date();
  const events = iterateAuditIn(await db(), toAuditFilter(activityQuery(state), timeZone, startedAt), EXPORT_BATCH)[Symbol.asyncIterator]();
  const readBatch = async (): Promise<{ batch: AuditRecord[]; done: boolean }> => {
    const batch: AuditRecord[] = [];
    while (batch.length < EXPORT_BATCH) {
      const next = await events.next();
      if (next.done) return { batch, done: true };
      batch.push(next.value);
    }
    return { batch, done: false };
  };

  const first = await readBatch();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(activityCsvHeader() + activityCsvLines(first.batch)));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const { batch, done } = await readBatch();
        if (batch.length) controller.enqueue(encoder.encode(activityCsvLines(batch)));
        if (done) controller.close();
      } catch (error) {
        log.error("activity export failed", { requestId, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return { filename: activityCsvFilename(startedAt), body };
}
