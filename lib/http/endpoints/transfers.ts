import "server-only";
import { getConfig } from "@/lib/config";
import { orderIdParamSchema } from "@/lib/erp/history/schemas";
import { getOrderHistory } from "@/lib/erp/history/service";
import { createTransferBodySchema, idempotencyKeySchema, runIdParamSchema, runOrdersQuerySchema, transferRunList } from "@/lib/erp/schemas";
import { getRunPage, listTransferRuns, retryTransfer, startTransfer } from "@/lib/erp/service";
import { stopTransfer } from "@/lib/erp/service";
import { endpoint, json, parseBody, parseHeader, parseParams, parseQuery } from "@/lib/http/route";

// The transfer handlers behind /api/erp/... and /api/v1/... alike.

type RunParams = { runId: string };

export const listTransfersEndpoint = endpoint("read", async ({ req }) => json(await listTransferRuns(parseQuery(req, transferRunList.querySchema))));

// 201 for a new run, 200 with the same run for a repeated Idempotency-Key (409 if the key was used for another request).
export const startTransferEndpoint = endpoint("erp.run", async ({ req, actor, service, api }) => {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema);
  const body = await parseBody(req, createTransferBodySchema(getConfig().erp.maxOrdersPerRun));
  const ctx = { ...service, actor };
  const { run, created } = body.retry ? await retryTransfer(ctx, key, body.parentRunId!, body.retry) : await startTransfer(ctx, key, body.orderIds!, api ? "api" : "new");
  const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
});

export const getTransferEndpoint = endpoint<RunParams>("read", async ({ req, params }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  return json(await getRunPage(runId, parseQuery(req, runOrdersQuerySchema)));
});

// 202 while the batches on the wire settle; stopping a stopping run changes nothing (200).
export const stopTransferEndpoint = endpoint<RunParams>("erp.run", async ({ params, actor, service }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const { run, requested } = await stopTransfer({ ...service, actor }, runId);
  return json({ run, requested }, { status: requested ? 202 : 200 });
});

// Every run that carried the order, newest first (an order no run carried has none).
export const orderHistoryEndpoint = endpoint<{ orderId: string }>("read", async ({ params }) => {
  const { orderId } = parseParams(params, orderIdParamSchema);
  return json(await getOrderHistory(orderId));
});
