import { getConfig } from "@/lib/config";
import { createTransferBodySchema, listTransfersQuerySchema } from "@/lib/erp/schemas";
import { listTransferRuns, startTransfer } from "@/lib/erp/service";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { parseIdempotencyKey, throwErpProblem } from "../problems";

export const dynamic = "force-dynamic";

// GET /api/erp/transfers: one page of transfer runs, newest first, filtered by status and person.
export const GET = withRoute("read", async ({ req }) => json(await listTransferRuns(parseQuery(req, listTransfersQuerySchema))));

// POST /api/erp/transfers: records a run (new ids, or a retry of a finished run's failed, unsent
// or unknown orders) and starts it; 201 when created, 200 with the same run for a repeated
// Idempotency-Key, 409 when the key was used for another request.
export const POST = withRoute("erp.run", async ({ req, member, audit }) => {
  const idempotencyKey = parseIdempotencyKey(req);
  const body = await parseBody(req, createTransferBodySchema(getConfig().erp.maxOrdersPerRun));
  const actor = { id: member.id, email: member.email, name: member.name };
  const { run, created } = await startTransfer({ actor, idempotencyKey, body }, audit).catch(throwErpProblem);
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: `/api/erp/transfers/${run.id}` } });
});
