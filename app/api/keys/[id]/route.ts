import { keyIdParamSchema } from "@/lib/apikeys/schemas";
import { revokeApiKey } from "@/lib/apikeys/service";
import { json, parseParams, withRoute } from "@/lib/http/route";
import { db } from "@/lib/store";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/keys/{id}: revokes the key (the row stays for the trail); the next request with it is refused on every instance.
export const DELETE = withRoute<{ id: string }>("keys.manage", async ({ params, member, service }) => {
  const { id } = parseParams(params, keyIdParamSchema);
  return json(await revokeApiKey(await db(), id, service, member.name));
});
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
