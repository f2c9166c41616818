import "server-only";
import { z } from "zod";
import { endpoint, json } from "@/lib/api/endpoint";
import { log } from "@/lib/log";
import { exportContext, exportResponse } from "@/lib/export/response";
import { bucketExportQuerySchema, bucketOrdersAnswer, bucketOrdersQuerySchema, queueNeverSeenAnswer, reconciliationDetailAnswer, reconciliationIdParamSchema, reconciliationList, reconciliationListAnswer, RECONCILE_MAX_BODY_BYTES, startedAnswer, startReconciliationBodySchema, startReconciliationShapes, UPLOAD_BODY_BYTES, uploadPreviewAnswer, uploadReconciliationBodySchema } from "@/lib/reconcile/schemas";
import { bucketSheet } from "@/lib/reconcile/sheet";
import { bucketChunks, getReconciliation as get, listBucket, listReconciliations as list, queueNeverSeen as queue, reconcileUpload, startReconciliation as start } from "@/lib/reconcile/service";

const TAG = "Reconciliations";

// Starts a reconciliation of a window of the platform's list or of a manifest; counted in the background.
export const startReconciliation = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/reconciliations", operationId: "startReconciliation", summary: "Reconcile the platform's orders of a window ({from, to}, at most 31 days) or a manifest ({orders: [{id, orderDate?, source?}]}, at most 100,000) against the console's records; answers at once with the id", tag: TAG, describe: { body: startReconciliationShapes } }, body: startReconciliationBodySchema, bodyLimit: RECONCILE_MAX_BODY_BYTES, answer: { 201: { description: "The reconciliation started", schema: startedAnswer, headers: { Location: "The reconciliation's address" } } }, refusals: [409] }, async ({ body, actor, service, api }) => {
  const { id } = await start({ ...service, actor }, body);
  return json({ id }, { status: 201, headers: { Location: `${api ? "/api/v1" : "/api/erp"}/reconciliations/${id}` } });
});

// Its status, and once done the count of each bucket.
export const getReconciliation = endpoint({ permission: "read", v1: { method: "GET", path: "/reconciliations/{id}", operationId: "getReconciliation", summary: "A reconciliation: its status and, once done, the count in each bucket (inErp + waiting + open + neverSeen = total)", tag: TAG }, params: reconciliationIdParamSchema, answer: { 200: { description: "The reconciliation", schema: reconciliationDetailAnswer } }, refusals: [404] }, async ({ params }) => json(await get(params.id)));

// A page of one bucket's order ids.
export const listReconciliationOrders = endpoint({ permission: "read", v1: { method: "GET", path: "/reconciliations/{id}/orders", operationId: "listReconciliationOrders", summary: "A page of one bucket's order ids, optionally of one sales channel", tag: TAG }, params: reconciliationIdParamSchema, query: bucketOrdersQuerySchema, answer: { 200: { description: "A page of the bucket", schema: bucketOrdersAnswer } }, refusals: [404] }, async ({ params, query }) => json(await listBucket(params.id, query)));

// Queues the never-seen ids through the order queue (capped; each judged again there).
export const queueNeverSeen = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/reconciliations/{id}/queue-never-seen", operationId: "queueNeverSeen", summary: "Queue the reconciliation's never-seen orders for transfer (at most 10,000 a call; 409 before it is done or when none is never-seen)", tag: TAG }, params: reconciliationIdParamSchema, answer: { 200: { description: "How many were queued", schema: queueNeverSeenAnswer } }, refusals: [404, 409] }, async ({ params, actor, service, api }) =>
  json(await queue({ ...service, actor }, params.id, api ? "api" : "console")),
);

// The reconciliations, newest first.
export const listReconciliations = endpoint({ permission: "read", v1: { method: "GET", path: "/reconciliations", operationId: "listReconciliations", summary: "The reconciliations, newest first", tag: TAG }, query: reconciliationList.querySchema, answer: { 200: { description: "A page of reconciliations", schema: reconciliationListAnswer } } }, async ({ query }) => json(await list(query)));

// POST /api/erp/reconciliations/upload: an export read and previewed; with start, reconciled (nothing starts on a refusal).
export const uploadReconciliation = endpoint({ permission: "erp.run", body: uploadReconciliationBodySchema, bodyLimit: UPLOAD_BODY_BYTES, answer: { 200: { description: "What the file holds", schema: z.object({ preview: uploadPreviewAnswer, id: z.uuid().nullable() }) } } }, async ({ body, actor, service }) => {
  const result = await reconcileUpload({ ...service, actor }, body);
  return json(result, { status: result.id ? 201 : 200 });
});

// GET /api/erp/reconciliations/{id}/export: one bucket's orders as CSV or .xlsx.
export const exportBucket = endpoint({ permission: "read", session: true, params: reconciliationIdParamSchema, query: bucketExportQuerySchema }, async ({ params, query, requestId, member }) => {
  const onError = (error: unknown) => log.error("reconciliation export failed", { requestId, id: params.id, error: String(error) });
  return exportResponse(await exportContext(), { sheet: bucketSheet(query.bucket), format: query.format, member: member.id, nameParts: [params.id.slice(0, 8), query.bucket], onError }, bucketChunks(params.id, query.bucket, query.channel));
});
