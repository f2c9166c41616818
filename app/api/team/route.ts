import { db } from "@/lib/store";
import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { createMemberBodySchema, teamList } from "@/lib/team/schemas";
import { addMember, listTeamPage } from "@/lib/team/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req }) => {
  const query = parseQuery(req, teamList.querySchema);
  return json(await listTeamPage(await db(), query));
});

export const POST = withRoute("team.manage", async ({ req, service }) => {
  const body = await parseBody(req, createMemberBodySchema);
  const { member } = await addMember(await db(), body, service);
  return json({ member }, { status: 201 });
});
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
