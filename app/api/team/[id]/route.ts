import { db } from "@/lib/db";
import { json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { teamProblem } from "@/lib/team/http";
import { memberIdParamSchema, updateMemberBodySchema } from "@/lib/team/schemas";
import { ActorNotAdminError, changeMember, TeamRuleError } from "@/lib/team/service";

export const dynamic = "force-dynamic";

// PATCH /api/team/{id}: changes name, role, active or password (admins only); 409 for the
// self and last-admin rules. The new role applies from the member's next request.
export const PATCH = withRoute<{ id: string }>("team.manage", async ({ req, params, member: actor, audit }) => {
  const { id } = parseParams(params, memberIdParamSchema);
  const body = await parseBody(req, updateMemberBodySchema);
  try {
    const { member, before, after } = await changeMember(await db(), id, body, { id: actor.id });
    await audit({ action: "member.update", target: { type: "member", id }, outcome: "success", before, after });
    return json({ member });
  } catch (error) {
    if (error instanceof TeamRuleError || error instanceof ActorNotAdminError) {
      const { password, ...asked } = body;
      await audit({
        action: "member.update",
        target: { type: "member", id },
        outcome: "failure",
        message: error.message,
        details: { reason: error.reason, asked: { ...asked, ...(password !== undefined ? { passwordChanged: true } : {}) } },
      });
    }
    throw teamProblem(error);
  }
});
