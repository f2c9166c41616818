import { createKeyBodySchema } from "@/lib/apikeys/schemas";
import { createApiKey, listApiKeys } from "@/lib/apikeys/service";
import { json, parseBody, withRoute } from "@/lib/http/route";
import { db } from "@/lib/store";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// GET /api/keys: every key with its state and last use; never a secret or a hash.
export const GET = withRoute("keys.manage", async () => json(await listApiKeys(await db())));

// POST /api/keys: the secret is in this answer and nowhere else, ever.
export const POST = withRoute("keys.manage", async ({ req, member, service }) => {
  const body = await parseBody(req, createKeyBodySchema);
  return json(await createApiKey(await db(), body, service, { id: member.id, name: member.name }), { status: 201 });
});
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
