import { listImportsQuerySchema, startImportBodySchema } from "@/lib/erp/schemas";
import { listImportRuns, startImport } from "@/lib/erp/service";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { throwErpProblem } from "../problems";

export const dynamic = "force-dynamic";

// GET /api/erp/imports: one page of import attempts (optionally of one kind), newest first, with
// the latest attempt of each kind and the repeat window.
export const GET = withRoute("read", async ({ req }) => json(await listImportRuns(parseQuery(req, listImportsQuerySchema))));

// POST /api/erp/imports: starts an import. 409 (code conflict, lastRun: who and when) when the
// same import was started within the window and confirmRepeat is not true. Every attempt that
// reaches the upstream is recorded and audited; a failure answers its problem (502/503/504/422).
export const POST = withRoute("erp.run", async ({ req, member, audit }) => {
  const body = await parseBody(req, startImportBodySchema);
  const result = await startImport({ actor: { id: member.id, email: member.email, name: member.name }, body }, audit).catch(throwErpProblem);
  return json(result, { status: 201 });
});
