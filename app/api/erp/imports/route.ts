import { importList, startImportBodySchema } from "@/lib/erp/schemas";
import { listImportRuns, startImport } from "@/lib/erp/service";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req }) => json(await listImportRuns(parseQuery(req, importList.querySchema))));

export const POST = withRoute("erp.run", async ({ req, member, service }) => {
  const body = await parseBody(req, startImportBodySchema);
  const ctx = { ...service, actor: { id: member.id, email: member.email, name: member.name } };
  return json(await startImport(ctx, body), { status: 201 });
});
