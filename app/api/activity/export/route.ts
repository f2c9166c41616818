import { getTimeZone } from "next-intl/server";
import { activityCsvFilename, activityCsvHeader, activityCsvLines } from "@/lib/activity/csv";
import { toAuditFilter } from "@/lib/activity/dates";
import { listActivityQuerySchema } from "@/lib/activity/query";
import { iterateAuditIn, type AuditRecord } from "@/lib/audit";
import { csvHeaders } from "@/lib/rules/csv";
import { db } from "@/lib/db";
import { parseQuery, withRoute } from "@/lib/http/route";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

const BATCH = 500;

// GET /api/activity/export: every event matching the filters as CSV (page and limit are ignored).
export const GET = withRoute("read", async ({ req, requestId }) => {
  const q = parseQuery(req, listActivityQuerySchema);
  const startedAt = new Date();
  // The file is the trail as of its start: events recorded while it streams are left out.
  const filter = toAuditFilter(q, (await getTimeZone()) ?? "UTC", startedAt);
  const events = iterateAuditIn(await db(), filter, BATCH)[Symbol.asyncIterator]();

  const readBatch = async (): Promise<{ batch: AuditRecord[]; done: boolean }> => {
    const batch: AuditRecord[] = [];
    while (batch.length < BATCH) {
      const next = await events.next();
      if (next.done) return { batch, done: true };
      batch.push(next.value);
    }
    return { batch, done: false };
  };

  // The first batch is read before answering, so a store that is down gives a problem response
  // (via withRoute) instead of a 200 with a broken file.
  const first = await readBatch();
  const encoder = new TextEncoder();

  // The rest is streamed so a long trail never sits in memory whole. A failure part-way aborts
  // the download (the browser reports it) rather than ending a truncated file as if complete.
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

  return new Response(body, { headers: csvHeaders(activityCsvFilename(startedAt)) });
});
