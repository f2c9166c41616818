import { z } from "zod";
import { db } from "@/lib/store";
import { json, parseBody, withRoute } from "@/lib/http/route";
import { signOutEverywhere } from "@/lib/team/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// Ends every session of the caller, this one included, only with { "confirm": true }: a stray POST ends nothing.
const bodySchema = z.strictObject({ confirm: z.literal(true) });

const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

export const POST = withRoute("read", async ({ req, member, service }) => {
  await parseBody(req, bodySchema);
  const sessionsEnded = await signOutEverywhere(await db(), member.id, service);
  const res = json({ sessionsEnded });
  // The session is already over on the server; drop this browser's cookie as well.
  for (const { name } of req.cookies.getAll()) {
    if (SESSION_COOKIE.test(name)) res.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
  }
  return res;
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
