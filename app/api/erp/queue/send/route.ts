import { idempotencyKeySchema } from "@/lib/erp/schemas";
import { json, parseHeader, withRoute } from "@/lib/http/route";
import { sendQueued } from "@/lib/queue/service";

export const dynamic = "force-dynamic";

// POST /api/erp/queue/send: one run of the oldest queued ids now (409 when none wait); a repeated Idempotency-Key gets the same run.
export const POST = withRoute("erp.run", async ({ req, member, service }) => {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema);
  const { run, created } = await sendQueued({ ...service, actor: { id: member.id, email: member.email, name: member.name } }, key, "queue");
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: `/api/erp/transfers/${run.id}` } });
});
