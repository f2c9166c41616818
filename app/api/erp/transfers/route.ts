import { getConfig } from "@/lib/config";
import { createTransferBodySchema, idempotencyKeySchema, transferRunList } from "@/lib/erp/schemas";
import { listTransferRuns, retryTransfer, startTransfer } from "@/lib/erp/service";
import { json, parseBody, parseHeader, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req }) => json(await listTransferRuns(parseQuery(req, transferRunList.querySchema))));

// 201 for a new run, 200 with the same run for a repeated Idempotency-Key (409 if the key was used for another request).
export const POST = withRoute("erp.run", async ({ req, member, service }) => {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema);
  const body = await parseBody(req, createTransferBodySchema(getConfig().erp.maxOrdersPerRun));
  const ctx = { ...service, actor: { id: member.id, email: member.email, name: member.name } };
  const { run, created } = body.retry ? await retryTransfer(ctx, key, body.parentRunId!, body.retry) : await startTransfer(ctx, key, body.orderIds!);
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: `/api/erp/transfers/${run.id}` } });
});
