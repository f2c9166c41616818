import { failuresList, resolveGroupBodySchema } from "@/lib/erp/inbox-schemas";
import { resolveInboxGroup } from "@/lib/erp/inbox-service";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = withRoute("erp.run", async ({ req, member, service }) => {
  const { from, to, by, origin, run } = parseQuery(req, failuresList.querySchema);
  const { meaning, reasonCode, reason, note } = await parseBody(req, resolveGroupBodySchema);
  const ctx = { ...service, actor: { id: member.id, email: member.email, name: member.name } };
  return json(await resolveInboxGroup(ctx, { from, to, by, origin, run }, { meaning, reasonCode, reason }, note));
});
