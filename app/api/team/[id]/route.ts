import { db } from "@/lib/store";
import { json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { memberIdParamSchema, updateMemberBodySchema } from "@/lib/team/schemas";
import { changeMember } from "@/lib/team/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PATCH = withRoute<{ id: string }>("team.manage", async ({ req, params, service }) => {
  const { id } = parseParams(params, memberIdParamSchema);
  const body = await parseBody(req, updateMemberBodySchema);
  const { member } = await changeMember(await db(), id, body, service);
  return json({ member });
});
export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
