import { idempotencyKeySchema } from "@/lib/erp/schemas";
import { failuresList, retryGroupBodySchema } from "@/lib/erp/inbox-schemas";
import { retryInboxGroup } from "@/lib/erp/inbox-service";
import { json, parseBody, parseHeader, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The inbox's filters ride in the query, as on the page; the group is the body.
export const POST = withRoute("erp.run", async ({ req, member, service }) => {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema);
  const { from, to, by, origin, run: runFilter } = parseQuery(req, failuresList.querySchema);
  const { meaning, reasonCode, reason } = await parseBody(req, retryGroupBodySchema);
  const ctx = { ...service, actor: { id: member.id, email: member.email, name: member.name } };
  const { run, created } = await retryInboxGroup(ctx, key, { from, to, by, origin, run: runFilter }, { meaning, reasonCode, reason });
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: `/api/erp/transfers/${run.id}` } });
});
