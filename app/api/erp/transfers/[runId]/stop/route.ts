import { runIdParamSchema } from "@/lib/erp/schemas";
import { stopTransfer } from "@/lib/erp/stop-service";
import { json, parseParams, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// POST /api/erp/transfers/{runId}/stop: 202 while the batches on the wire settle; stopping a stopping run changes nothing (200).
export const POST = withRoute<{ runId: string }>("erp.run", async ({ params, member, service }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const { run, requested } = await stopTransfer({ ...service, actor: { id: member.id, email: member.email, name: member.name } }, runId);
  return json({ run, requested }, { status: requested ? 202 : 200 });
});
