import "server-only";
import { z } from "zod";
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
import { CHANNEL_PATTERN, PACKAGE_PATTERN } from "@/lib/rules/channel";
import { refuseWhileHeld } from "@/lib/hold/service";


export const idempotencyKey = {
  "Idempotency-Key": { schema: idempotencyKeySchema, description: "Repeating a request with the same key answers the same run (200) instead of starting another." },
};

const toRun = { Location: "The run's address under /api/v1" };
export const runAnswers = {
  201: { description: "The run started", schema: startedRunAnswer, headers: toRun },
  200: { description: "The run this Idempotency-Key started before", schema: startedRunAnswer, headers: toRun },
};

// The route's body is one strict object refined by hand; described as the exclusive shapes it takes.
const transferBody = (max: number) => {
  const overrideHold = z.boolean().optional().describe("Send even while transfers are on hold (otherwise 409 transfers_held)");
  const channels = z
    .array(z.strictObject({ id: z.string(), source: z.string().regex(CHANNEL_PATTERN).optional().describe('"web" or a marketplace\'s name, 1 to 40 letters, digits, spaces, dots, dashes'), orderDate: z.iso.datetime({ offset: true }).optional().describe("When the order was placed (not in the future)"), packageId: z.string().regex(PACKAGE_PATTERN).optional() }))
    .max(max)
    .optional()
    .describe("The channel, order date and package id of some of the ids, each id one of orderIds; the run's orders carry them (as queued orders do)");
  const ids = z.strictObject({ orderIds: z.array(orderIdParamSchema.shape.orderId).min(1).max(max).meta({ uniqueItems: true }), overrideHold, channels });
  const retry = <R extends readonly [string, ...string[]]>(kinds: R, confirm: Record<string, z.ZodType>) =>
    z.strictObject({ retry: z.enum(kinds), parentRunId: runIdParamSchema.shape.runId, ...confirm });
  return z.xor([
    ids,
    retry(["failed", "unsent"], { confirmUnknown: z.boolean().optional(), confirmRejected: z.boolean().optional() }),
    retry(["unknown"], { confirmUnknown: z.literal(true), confirmRejected: z.boolean().optional() }),
    retry(["rejected"], { confirmUnknown: z.boolean().optional(), confirmRejected: z.literal(true) }),
  ]);
};

export const listTransfers = endpoint({ permission: "read", v1: { method: "GET", path: "/transfers", operationId: "listTransfers", summary: "List order transfer runs, newest first", tag: "Transfers" }, query: transferRunList.querySchema, answer: { 200: { description: "A page of runs", schema: runListAnswer } } }, async ({ query }) => json(await listTransferRuns(query)));

// 201 for a new run, 200 with the same run for a repeated Idempotency-Key (409 if the key was used for another request).
export const startTransfer = endpoint(
  { permission: "erp.run", v1: { method: "POST", path: "/transfers", operationId: "startTransfer", summary: "Start a transfer of order ids to the ERP, or retry a run's failed, unsent, unknown or rejected orders; ids still on their way in another run are refused (409 already_in_flight), ids already in the ERP are recorded as such and not sent again; while transfers are on hold a list of ids is refused (409 transfers_held) unless overrideHold is true (a retry, confirmed by its caller, is not held)", tag: "Transfers", describe: { body: () => transferBody(getConfig().erp.maxOrdersPerRun) } }, headers: idempotencyKey, body: () => createTransferBodySchema(getConfig().erp.maxOrdersPerRun), answer: runAnswers, refusals: [404, 409] },
  async ({ headers, body, actor, service, api }) => {
    const key = headers["Idempotency-Key"];
    const ctx = { ...service, actor };
    if (body.orderIds && !body.overrideHold) await refuseWhileHeld(new Date(), "person");
    const { run, created } = body.retry ? await retryTransfer(ctx, key, body.parentRunId!, body.retry) : await startRun(ctx, key, body.orderIds!, api ? "api" : "new", body.channels && new Map(body.channels.map((c) => [c.id, { source: c.source ?? null, orderDate: c.orderDate ?? null, packageId: c.packageId ?? null, firstSeenAt: null }])));
    const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
    return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
  },
);

export const getTransfer = endpoint({ permission: "read", v1: { method: "GET", path: "/transfers/{runId}", operationId: "getTransfer", summary: "Get a run with a page of its orders and their outcomes", tag: "Transfers" }, params: runIdParamSchema, query: runOrdersQuerySchema, answer: { 200: { description: "The run and a page of its orders", schema: runPageAnswer } }, refusals: [404] }, async ({ params, query }) => json(await getRunPage(params.runId, query)));

// 202 while the batches on the wire settle; stopping a stopping run changes nothing (200).
export const stopTransfer = endpoint({
    permission: "erp.run",
    v1: { method: "POST", path: "/transfers/{runId}/stop", operationId: "stopTransfer", summary: "Stop a run: batches not yet sent stay unsent", tag: "Transfers" },
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
export const orderHistory = endpoint({ permission: "read", v1: { method: "GET", path: "/orders/{orderId}", operationId: "getOrderHistory", summary: "Every run that carried an order, newest first", tag: "Transfers" }, params: orderIdParamSchema, answer: { 200: { description: "The order's history (no runs if none carried it)", schema: orderHistoryAnswer } } }, async ({ params }) => json(await getOrderHistory(params.orderId)));

export const findTransferredBefore = endpoint({ permission: "read", body: transferredLookupBodySchema }, async ({ body }) => json(await transferredBefore(body.orderIds)));

// GET /api/erp/transfers/{runId}/export: a run's orders as CSV or .xlsx, or their ids alone (txt).
export const exportTransfer = endpoint({ permission: "read", session: true, params: runIdParamSchema, query: exportQuerySchema }, async ({ params, query, requestId, member }) => {
  const { runId } = params;
  const { outcome, format } = query;
  const chunks = await runOrderChunks(runId, outcome);
  const onError = (error: unknown) => log.error("transfer export failed", { event: "transfer.export_failed", requestId, runId, error: String(error) });
  if (format === "txt") return transferIdsResponse(chunks, runId, outcome, onError);
  const t = await getTranslations("erp.reasons");
  const sheet = transferSheet((r) => (r.reason || r.reasonCode ? describeReason(t, r) : ""));
  return exportResponse(await exportContext(), { sheet, format, member: member.id, nameParts: [runId.slice(0, 8), ...(outcome ? [outcome] : [])], onError }, chunks);
});
