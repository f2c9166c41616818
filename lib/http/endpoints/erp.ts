import "server-only";
import { failuresList } from "@/lib/erp/inbox-schemas";
import { getFailuresInbox } from "@/lib/erp/inbox-service";
import { importList, startImportBodySchema } from "@/lib/erp/schemas";
import { listImportRuns, startImport } from "@/lib/erp/service";
import { endpoint, json, parseBody, parseQuery } from "@/lib/http/route";

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
