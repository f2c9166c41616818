import "server-only";
import { failuresList, resolveGroupBodySchema, retryGroupBodySchema } from "@/lib/erp/inbox/schemas";
import { getFailuresInbox, getOpenExceptionCount, resolveInboxGroup, retryInboxGroup } from "@/lib/erp/inbox/service";
import { idempotencyKeySchema, importList, startImportBodySchema } from "@/lib/erp/schemas";
import { listImportRuns, startImport } from "@/lib/erp/service";
import { endpoint, json, parseBody, parseHeader, parseQuery } from "@/lib/http/route";

// The import and failures-inbox handlers behind /api/erp/... and /api/v1/... alike.

export const listImportsEndpoint = endpoint("read", async ({ req }) => json(await listImportRuns(parseQuery(req, importList.querySchema))));

export const startImportEndpoint = endpoint("erp.run", async ({ req, actor, service }) => {
  const body = await parseBody(req, startImportBodySchema);
  return json(await startImport({ ...service, actor }, body), { status: 201 });
});

export const failuresInboxEndpoint = endpoint("read", async ({ req }) => {
  const { from, to, by, origin, run } = parseQuery(req, failuresList.querySchema);
  return json(await getFailuresInbox({ from, to, by, origin, run }));
});

export const failuresCountEndpoint = endpoint("read", async () => json({ open: await getOpenExceptionCount() }));

// The inbox's filters ride in the query, as on the page; the group is the body.
export const retryFailuresEndpoint = endpoint("erp.run", async ({ req, actor, service, api }) => {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema);
  const { from, to, by, origin, run: runFilter } = parseQuery(req, failuresList.querySchema);
  const { meaning, reasonCode, reason } = await parseBody(req, retryGroupBodySchema);
  const { run, created } = await retryInboxGroup({ ...service, actor }, key, { from, to, by, origin, run: runFilter }, { meaning, reasonCode, reason });
  const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
});

export const resolveFailuresEndpoint = endpoint("erp.run", async ({ req, actor, service }) => {
  const { from, to, by, origin, run } = parseQuery(req, failuresList.querySchema);
  const { meaning, reasonCode, reason, note } = await parseBody(req, resolveGroupBodySchema);
  return json(await resolveInboxGroup({ ...service, actor }, { from, to, by, origin, run }, { meaning, reasonCode, reason }, note));
});
