import "server-only";
import { z } from "zod";
import { endpoint, json } from "@/lib/api/endpoint";
import { keyIdParamSchema, createKeyBodySchema } from "@/lib/apikeys/schemas";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/apikeys/service";
import { db } from "@/lib/store";
import { createMemberBodySchema, memberIdParamSchema, teamList, updateMemberBodySchema } from "@/lib/team/schemas";
import { addMember as add, changeMember as change, listTeamPage, signOutEverywhere } from "@/lib/team/service";

export const listTeam = endpoint({ permission: "read", query: teamList.querySchema }, async ({ query }) => json(await listTeamPage(await db(), query)));

export const addMember = endpoint({ permission: "team.manage", body: createMemberBodySchema }, async ({ body, service }) => {
  const { member } = await add(await db(), body, service);
  return json({ member }, { status: 201 });
});

export const changeMember = endpoint({ permission: "team.manage", params: memberIdParamSchema, body: updateMemberBodySchema }, async ({ params, body, service }) => {
  const { member } = await change(await db(), params.id, body, service);
  return json({ member });
});

// GET /api/keys: every key with its state and last use; never a secret or a hash.
export const listKeys = endpoint({ permission: "keys.manage" }, async () => json(await listApiKeys(await db())));

// POST /api/keys: the secret is in this answer and nowhere else, ever.
export const createKey = endpoint({ permission: "keys.manage", session: true, body: createKeyBodySchema }, async ({ body, member, service }) =>
  json(await createApiKey(await db(), body, service, { id: member.id, name: member.name }), { status: 201 }),
);

// DELETE /api/keys/{id}: revokes the key (the row stays for the trail); the next request with it is refused on every instance.
export const revokeKey = endpoint({ permission: "keys.manage", session: true, params: keyIdParamSchema }, async ({ params, member, service }) =>
  json(await revokeApiKey(await db(), params.id, service, member.name)),
);

const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

// Ends every session of the caller, this one included, only with { "confirm": true }: a stray POST ends nothing.
export const endAllSessions = endpoint({ permission: "read", session: true, body: z.strictObject({ confirm: z.literal(true) }) }, async ({ req, member, service }) => {
  const sessionsEnded = await signOutEverywhere(await db(), member.id, service);
  const res = json({ sessionsEnded });
  // The session is already over on the server; drop this browser's cookie as well.
  for (const { name } of req.cookies.getAll()) {
    if (SESSION_COOKIE.test(name)) res.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
  }
  return res;
});
