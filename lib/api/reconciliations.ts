import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { bucketOrdersAnswer, bucketOrdersQuerySchema, queueNeverSeenAnswer, reconciliationAnswer, reconciliationIdParamSchema, RECONCILE_MAX_BODY_BYTES, startedAnswer, startReconciliationBodySchema, startReconciliationShapes } from "@/lib/reconcile/schemas";
import { getReconciliation as get, listBucket, queueNeverSeen as queue, startReconciliation as start } from "@/lib/reconcile/service";

const TAG = "Reconciliations";

// Starts a reconciliation of a window of the platform's list or of a manifest; counted in the background.
export const startReconciliation = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/reconciliations", operationId: "startReconciliation", summary: "Reconcile the platform's orders of a window ({from, to}, at most 31 days) or a manifest ({orders: [{id, orderDate?, source?}]}, at most 100,000) against the console's records; answers at once with the id", tag: TAG, describe: { body: startReconciliationShapes } }, body: startReconciliationBodySchema, bodyLimit: RECONCILE_MAX_BODY_BYTES, answer: { 201: { description: "The reconciliation started", schema: startedAnswer, headers: { Location: "The reconciliation's address" } } }, refusals: [409] }, async ({ body, actor, service, api }) => {
  const { id } = await start({ ...service, actor }, body);
  return json({ id }, { status: 201, headers: { Location: `${api ? "/api/v1" : "/api/erp"}/reconciliations/${id}` } });
});

// Its status, and once done the count of each bucket.
export const getReconciliation = endpoint({ permission: "read", v1: { method: "GET", path: "/reconciliations/{id}", operationId: "getReconciliation", summary: "A reconciliation: its status and, once done, the count in each bucket (inErp + waiting + open + neverSeen = total)", tag: TAG }, params: reconciliationIdParamSchema, answer: { 200: { description: "The reconciliation", schema: reconciliationAnswer } }, refusals: [404] }, async ({ params }) => json(await get(params.id)));

// A page of one bucket's order ids.
export const listReconciliationOrders = endpoint({ permission: "read", v1: { method: "GET", path: "/reconciliations/{id}/orders", operationId: "listReconciliationOrders", summary: "A page of one bucket's order ids", tag: TAG }, params: reconciliationIdParamSchema, query: bucketOrdersQuerySchema, answer: { 200: { description: "A page of the bucket", schema: bucketOrdersAnswer } }, refusals: [404] }, async ({ params, query }) => json(await listBucket(params.id, query)));

// Queues the never-seen ids through the order queue (capped; each judged again there).
export const queueNeverSeen = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/reconciliations/{id}/queue-never-seen", operationId: "queueNeverSeen", summary: "Queue the reconciliation's never-seen orders for transfer (at most 10,000 a call; 409 before it is done or when none is never-seen)", tag: TAG }, params: reconciliationIdParamSchema, answer: { 200: { description: "How many were queued", schema: queueNeverSeenAnswer } }, refusals: [404, 409] }, async ({ params, actor, service, api }) =>
  json(await queue({ ...service, actor }, params.id, api ? "api" : "console")),
);
