import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { failuresAnswer, failuresCountAnswer, importListAnswer, resolvedAnswer, startedImportAnswer } from "@/lib/erp/schemas";
import { idempotencyKey, runAnswers } from "@/lib/api/transfers";
import { failuresList, resolveGroupBodySchema, retryGroupBodySchema } from "@/lib/erp/inbox/schemas";
import { getFailuresInbox, getOpenExceptionCount, resolveInboxGroup, retryInboxGroup } from "@/lib/erp/inbox/service";
import { importList, startImportBodySchema } from "@/lib/erp/schemas";
import { listImportRuns, startImport as startImportRun } from "@/lib/erp/service";


export const listImports = endpoint({ permission: "read", v1: { method: "GET", path: "/imports", operationId: "listImports", summary: "List ERP imports (products, prices, stock), newest first", tag: "Imports" }, query: importList.querySchema, answer: { 200: { description: "A page of imports and the latest of each kind", schema: importListAnswer } } }, async ({ query }) => json(await listImportRuns(query)));

export const startImport = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/imports", operationId: "startImport", summary: "Start an ERP import; a repeat within the window needs `confirmRepeat`", tag: "Imports" }, body: startImportBodySchema, answer: { 201: { description: "The import started", schema: startedImportAnswer } }, refusals: [409] }, async ({ body, actor, service }) => json(await startImportRun({ ...service, actor }, body), { status: 201 }));

export const failuresInbox = endpoint({ permission: "read", v1: { method: "GET", path: "/failures", operationId: "listFailures", summary: "The failures inbox: orders that did not reach the ERP, grouped by meaning and reason", tag: "Transfers" }, query: failuresList.querySchema, answer: { 200: { description: "The inbox's groups", schema: failuresAnswer } } }, async ({ query }) => {
  const { from, to, by, origin, run } = query;
  return json(await getFailuresInbox({ from, to, by, origin, run }));
});

export const failuresCount = endpoint({ permission: "read", v1: { method: "GET", path: "/failures/count", operationId: "countFailures", summary: "How many orders wait in the failures inbox", tag: "Transfers" }, answer: { 200: { description: "The open count", schema: failuresCountAnswer } } }, async () => json({ open: await getOpenExceptionCount() }));

// The inbox's filters ride in the query, as on the page; the group is the body.
export const retryFailures = endpoint(
  { permission: "erp.run", v1: { method: "POST", path: "/failures/retry", operationId: "retryFailures", summary: "Send one inbox group (meaning and reason, under the query's filters) again as a new run", tag: "Transfers" }, headers: idempotencyKey, query: failuresList.querySchema, body: retryGroupBodySchema, answer: runAnswers, refusals: [409] },
  async ({ headers, query, body, actor, service, api }) => {
    const { from, to, by, origin, run: runFilter } = query;
    const { meaning, reasonCode, reason } = body;
    const { run, created } = await retryInboxGroup({ ...service, actor }, headers["Idempotency-Key"], { from, to, by, origin, run: runFilter }, { meaning, reasonCode, reason });
    const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
    return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
  },
);

export const resolveFailures = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/failures/resolve", operationId: "resolveFailures", summary: "Mark one inbox group (under the query's filters) resolved with a note, without sending it", tag: "Transfers" }, query: failuresList.querySchema, body: resolveGroupBodySchema, answer: { 200: { description: "How many orders were marked resolved", schema: resolvedAnswer } } }, async ({ query, body, actor, service }) => {
  const { from, to, by, origin, run } = query;
  const { meaning, reasonCode, reason, note } = body;
  return json(await resolveInboxGroup({ ...service, actor }, { from, to, by, origin, run }, { meaning, reasonCode, reason }, note));
});
