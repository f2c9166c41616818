import "server-only";
import { getTranslations } from "next-intl/server";
import { endpoint, json } from "@/lib/api/endpoint";
import { orderHistoryAnswer, runListAnswer, runPageAnswer, startedRunAnswer, stoppedRunAnswer } from "@/lib/erp/schemas";
import { getConfig } from "@/lib/config";
import { transferIdsResponse, transferSheet } from "@/lib/erp/transfers/csv";
import { orderIdParamSchema, transferredLookupBodySchema } from "@/lib/erp/history/schemas";
import { findTransferredBefore as transferredBefore, getOrderHistory } from "@/lib/erp/history/service";
import { describeReason } from "@/lib/erp/outcomes/reasons";
import { createTransferBodySchema, exportQuerySchema, idempotencyKeySchema, runIdParamSchema, runOrdersQuerySchema, transferRunList } from "@/lib/erp/schemas";
import { getRunPage, listTransferRuns, retryTransfer, runOrderChunks, startTransfer as startRun } from "@/lib/erp/service";
import { stopTransfer as stopRun } from "@/lib/erp/service";
import { exportContext, exportResponse } from "@/lib/export/response";
import { log } from "@/lib/log";


export const idempotencyKey = {
  "Idempotency-Key": { schema: idempotencyKeySchema, description: "Repeating a request with the same key answers the same run (200) instead of starting another." },
};

const toRun = { Location: "The run's address under /api/v1" };
export const runAnswers = {
  201: { description: "The run started", schema: startedRunAnswer, headers: toRun },
  200: { description: "The run this Idempotency-Key started before", schema: startedRunAnswer, headers: toRun },
};

export const listTransfers = endpoint({ permission: "read", query: transferRunList.querySchema, answer: { 200: { description: "A page of runs", schema: runListAnswer } } }, async ({ query }) => json(await listTransferRuns(query)));

// 201 for a new run, 200 with the same run for a repeated Idempotency-Key (409 if the key was used for another request).
export const startTransfer = endpoint(
  { permission: "erp.run", headers: idempotencyKey, body: () => createTransferBodySchema(getConfig().erp.maxOrdersPerRun), answer: runAnswers, refusals: [404, 409] },
  async ({ headers, body, actor, service, api }) => {
    const key = headers["Idempotency-Key"];
    const ctx = { ...service, actor };
    const { run, created } = body.retry ? await retryTransfer(ctx, key, body.parentRunId!, body.retry) : await startRun(ctx, key, body.orderIds!, api ? "api" : "new");
    const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
    return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
  },
);

export const getTransfer = endpoint({ permission: "read", params: runIdParamSchema, query: runOrdersQuerySchema, answer: { 200: { description: "The run and a page of its orders", schema: runPageAnswer } }, refusals: [404] }, async ({ params, query }) => json(await getRunPage(params.runId, query)));

// 202 while the batches on the wire settle; stopping a stopping run changes nothing (200).
export const stopTransfer = endpoint({
    permission: "erp.run",
    params: runIdParamSchema,
    answer: {
      202: { description: "Stop requested; batches on the wire settle first", schema: stoppedRunAnswer },
      200: { description: "The run was already stopping or finished: nothing changed", schema: stoppedRunAnswer },
    },
    refusals: [404, 409],
  }, async ({ params, actor, service }) => {
  const { run, requested } = await stopRun({ ...service, actor }, params.runId);
  return json({ run, requested }, { status: requested ? 202 : 200 });
});

// Every run that carried the order, newest first (an order no run carried has none).
export const orderHistory = endpoint({ permission: "read", params: orderIdParamSchema, answer: { 200: { description: "The order's history (no runs if none carried it)", schema: orderHistoryAnswer } } }, async ({ params }) => json(await getOrderHistory(params.orderId)));

export const findTransferredBefore = endpoint({ permission: "read", body: transferredLookupBodySchema }, async ({ body }) => json(await transferredBefore(body.orderIds)));

// GET /api/erp/transfers/{runId}/export: a run's orders as CSV or .xlsx, or their ids alone (txt).
export const exportTransfer = endpoint({ permission: "read", session: true, params: runIdParamSchema, query: exportQuerySchema }, async ({ params, query, requestId, member }) => {
  const { runId } = params;
  const { outcome, format } = query;
  const chunks = await runOrderChunks(runId, outcome);
  const onError = (error: unknown) => log.error("transfer export failed", { requestId, runId, error: String(error) });
  if (format === "txt") return transferIdsResponse(chunks, runId, outcome, onError);
  const t = await getTranslations("erp.reasons");
  const sheet = transferSheet((r) => (r.reason || r.reasonCode ? describeReason(t, r) : ""));
  return exportResponse(await exportContext(), { sheet, format, member: member.id, nameParts: [runId.slice(0, 8), ...(outcome ? [outcome] : [])], onError }, chunks);
});
