import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { transferCsvFilename, transferCsvHeader, transferCsvLines } from "@/lib/erp/csv";
import { describeReason } from "@/lib/erp/reasons";
import { getRun, iterateRunOrders } from "@/lib/erp/run-store";
import { exportQuerySchema, runIdParamSchema } from "@/lib/erp/schemas";
import { HttpProblem, parseParams, parseQuery, withRoute } from "@/lib/http/route";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

// GET /api/erp/transfers/{runId}/export: the run's orders (optionally of one outcome) as CSV,
// or with format=txt their ids one per line (what "copy failed ids" copies).
export const GET = withRoute<{ runId: string }>("read", async ({ req, params, requestId }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const q = parseQuery(req, exportQuerySchema);
  const conn = await db();
  if (!(await getRun(conn, runId))) throw new HttpProblem("not_found", "There is no transfer run with this id.");
  const t = await getTranslations("erp.reasons");
  const chunks = iterateRunOrders(conn, runId, q.outcome)[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const txt = q.format === "txt";

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!txt) controller.enqueue(encoder.encode(transferCsvHeader()));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        const text = txt
          ? next.value.map((r) => `${r.orderId}\n`).join("")
          : transferCsvLines(next.value, (r) => (r.reason || r.reasonCode ? describeReason(t, r) : ""));
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        log.error("transfer export failed", { requestId, runId, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": txt ? "text/plain; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${transferCsvFilename(runId, q.outcome, q.format)}"`,
    },
  });
});
