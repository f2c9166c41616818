import { db } from "@/lib/db";
import { json, parseBody, withRoute } from "@/lib/http/route";
import { teamProblem } from "@/lib/team/http";
import { createMemberBodySchema } from "@/lib/team/schemas";
import { ActorNotAdminError, addMember, listTeam, TeamRuleError } from "@/lib/team/service";

export const dynamic = "force-dynamic";

// GET /api/team: every member (active or not), for anyone signed in; never a password hash.
export const GET = withRoute("read", async () => {
  return json({ items: await listTeam(await db()) });
});

// POST /api/team: adds a member (admins only); 409 naming `email` when it is taken.
export const POST = withRoute("team.manage", async ({ req, member: actor, audit }) => {
  const body = await parseBody(req, createMemberBodySchema);
  try {
    const { member, after } = await addMember(await db(), body, { id: actor.id });
    await audit({ action: "member.create", target: { type: "member", id: member.id }, outcome: "success", after });
    return json({ member }, { status: 201 });
  } catch (error) {
    if (error instanceof TeamRuleError || error instanceof ActorNotAdminError) {
      await audit({
        action: "member.create",
        outcome: "failure",
        message: error.message,
        details: { reason: error.reason, email: body.email, role: body.role },
      });
    }
    throw teamProblem(error);
  }
});
