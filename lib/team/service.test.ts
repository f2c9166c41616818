import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMemberByEmail, findMemberById } from "@/lib/auth/members";
import { verifyPassword } from "@/lib/auth/password";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import { openTestDb, openTestStore } from "@/test/store";
import type { Database } from "@/lib/store/schema";
import type { ServiceContext } from "@/lib/audit";
import { cliContext } from "@/lib/team/cli-audit";
import { createMemberBodySchema } from "@/lib/team/schemas";
import { countActiveAdmins } from "@/lib/team/store";
import { startSession } from "@/lib/auth/sessions";
import { toProblem } from "@/lib/server/to-problem";
import { ActorNotAdminError, addMember, changeMember, listTeam, listTeamPage, MemberNotFoundError, setSsoAccess, signOutEverywhere, TeamRuleError } from "@/lib/team/service";

let conn: Kysely<Database>;

beforeAll(async () => {
  conn = await openTestDb();
});
afterAll(async () => {
  await conn.destroy();
});

const cli = () => cliContext(conn);
const by = (id: number): ServiceContext => ({ actor: { id, email: null }, audit: async () => {} });
const add = (email: string, role: "viewer" | "operator" | "admin", password?: string) =>
  addMember(conn, createMemberBodySchema.parse({ email, name: email.split("@")[0], role, ...(password ? { password } : {}) }), cli());

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  );
}

const hashLike = /scrypt\$/;

describe("team service", () => {
  let adminId: number;

  it("adds members, with a password or for SSO only, and never returns a hash", async () => {
    const { member, after } = await add("Root@Example.com", "admin", "first-admin-pw");
    adminId = member.id;
    expect(member).toMatchObject({ email: "root@example.com", role: "admin", active: true, source: "password", hasPassword: true });
    expect(after).toEqual({ id: member.id, email: "root@example.com", name: "Root", role: "admin", active: true, source: "password", hasPassword: true, ssoAllowed: false, ssoLinked: false });
    expect(JSON.stringify({ member, after })).not.toMatch(hashLike);
    const stored = await findMemberById(conn, member.id);
    expect(await verifyPassword("first-admin-pw", stored!.password_hash!)).toBe(true);

    const sso = await add("sso@example.com", "viewer");
    // Added for SSO only by an admin: allowed to enter through SSO even outside the allow-list.
    expect(sso.member).toMatchObject({ source: "sso", hasPassword: false, ssoAllowed: true, ssoLinked: false });
    expect((await findMemberByEmail(conn, "sso@example.com"))?.password_hash).toBeNull();
  });

  it("refuses a duplicate email, naming the field", async () => {
    const error = await rejection(add("ROOT@example.com", "viewer", "another-root-pw-1"));
    expect(error).toBeInstanceOf(TeamRuleError);
    expect(error).toMatchObject({ reason: "email_taken", field: "email" });
    expect((error as Error).message).toContain("root@example.com");
  });

  it("lists members without hashes", async () => {
    const items = await listTeam(conn);
    expect(items.map((m) => m.email)).toEqual(["root@example.com", "sso@example.com"]);
    expect(JSON.stringify(items)).not.toMatch(hashLike);
    for (const m of items) expect(Object.keys(m).sort()).toEqual(["active", "createdAt", "email", "hasPassword", "id", "liveKeys", "name", "role", "source", "ssoAllowed", "ssoLinked", "updatedAt"]);
  });

  it("never lets the last active admin be demoted or deactivated, not even by the CLI", async () => {
    for (const changes of [{ role: "operator" as const }, { active: false }]) {
      const error = await rejection(changeMember(conn, adminId, changes, cli()));
      expect(error).toMatchObject({ reason: "last_admin" });
      expect((error as Error).message).toMatch(/last active admin/);
    }
    expect((await findMemberById(conn, adminId))?.role).toBe("admin");
  });

  it("never lets an admin demote or deactivate themselves, even with another admin present", async () => {
    const { member: other } = await add("second@example.com", "admin", "second-admin-pw");
    for (const [changes, field] of [
      [{ role: "viewer" as const }, "role"],
      [{ active: false }, "active"],
    ] as const) {
      const error = await rejection(changeMember(conn, adminId, changes, by(adminId)));
      expect(error).toMatchObject({ reason: "self_change", field });
    }
    // Their own name and password are theirs to change.
    const renamed = await changeMember(conn, adminId, { name: "Root Admin", password: "new-root-password" }, by(adminId));
    expect(renamed.member.name).toBe("Root Admin");
    // Another admin may demote them now that a second active admin exists.
    const demoted = await changeMember(conn, adminId, { role: "operator" }, by(other.id));
    expect(demoted.before.role).toBe("admin");
    expect(demoted.after.role).toBe("operator");
    // ... and the second admin is now the last one.
    expect(await rejection(changeMember(conn, other.id, { active: false }, cli()))).toMatchObject({ reason: "last_admin" });
    await changeMember(conn, adminId, { role: "admin" }, by(other.id));
  });

  it("does not count a deactivated admin as the last admin", async () => {
    const { member: dormant } = await add("dormant@example.com", "admin", "dormant-admin-pw");
    await changeMember(conn, dormant.id, { active: false }, cli());
    // A deactivated admin can be demoted freely; active admins remain.
    const r = await changeMember(conn, dormant.id, { role: "viewer" }, cli());
    expect(r.after).toMatchObject({ role: "viewer", active: false });
  });

  it("returns before/after snapshots for the audit, a password change only as a flag", async () => {
    const { member } = await add("changes@example.com", "viewer");
    const r = await changeMember(conn, member.id, { role: "operator", active: false, password: "brand-new-password" }, by(adminId));
    expect(r.before).toEqual({ id: member.id, email: "changes@example.com", name: "changes", role: "viewer", active: true, source: "sso", hasPassword: false, ssoAllowed: true, ssoLinked: false });
    expect(r.after).toEqual({
      id: member.id,
      email: "changes@example.com",
      name: "changes",
      role: "operator",
      active: false,
      source: "sso",
      hasPassword: true,
      ssoAllowed: true,
      ssoLinked: false,
      passwordChanged: true,
    });
    const text = JSON.stringify(r);
    expect(text).not.toMatch(hashLike);
    expect(text).not.toContain("brand-new-password");
    expect(r.member.updatedAt >= r.member.createdAt).toBe(true);

    const noPassword = await changeMember(conn, member.id, { active: true }, by(adminId));
    expect(noPassword.after).not.toHaveProperty("passwordChanged");
  });

  it("ends the member's sessions on a password, role or active change, not on a rename", async () => {
    const { member } = await add("sessions@example.com", "viewer", "sessions-password-1");
    const version = async () => (await findMemberById(conn, member.id))!.session_version;
    const live = async () => (await conn.selectFrom("sessions").select("id").where("member_id", "=", member.id).execute()).length;
    let v = await version();
    for (const changes of [{ password: "another-password-2" }, { role: "operator" as const }, { active: false }, { active: true }]) {
      await startSession(conn, member.id, "password");
      const r = await changeMember(conn, member.id, changes, by(adminId));
      expect(r.sessionsEnded).toBe(1);
      expect(await version()).toBe(v + 1);
      expect(await live()).toBe(0);
      v += 1;
    }
    await startSession(conn, member.id, "password");
    const renamed = await changeMember(conn, member.id, { name: "Renamed" }, by(adminId));
    expect(renamed.sessionsEnded).toBeUndefined();
    expect(await version()).toBe(v);
    expect(await live()).toBe(1);

    expect(await signOutEverywhere(conn, member.id)).toBe(1);
    expect(await version()).toBe(v + 1);
    expect(await live()).toBe(0);
  });

  it("re-reads the actor inside the change: a demoted or deactivated admin's change fails (F-14)", async () => {
    const { member: actor } = await add("actor@example.com", "admin", "actor-password-1");
    const { member: target } = await add("target@example.com", "viewer", "target-password-1");
    const before = (await findMemberById(conn, target.id))!;
    // The request was let in while the actor was an admin; another admin demotes them meanwhile.
    await changeMember(conn, actor.id, { role: "operator" }, by(adminId));
    for (const attempt of [
      () => changeMember(conn, target.id, { password: "taken-over-123" }, by(actor.id)),
      () => changeMember(conn, target.id, { role: "admin" }, by(actor.id)),
      () => addMember(conn, createMemberBodySchema.parse({ email: "late@example.com", name: "Late", role: "admin" }), by(actor.id)),
      () => setSsoAccess(conn, target.id, true, by(actor.id)),
    ]) {
      expect(await rejection(attempt())).toBeInstanceOf(ActorNotAdminError);
    }
    expect(await findMemberById(conn, target.id)).toEqual(before);
    expect(await findMemberByEmail(conn, "late@example.com")).toBeUndefined();

    await changeMember(conn, actor.id, { role: "admin", active: false }, by(adminId));
    expect(await rejection(changeMember(conn, target.id, { name: "X" }, by(actor.id)))).toBeInstanceOf(ActorNotAdminError);
    await changeMember(conn, actor.id, { active: true }, by(adminId));
    expect((await changeMember(conn, target.id, { name: "Now Fine" }, by(actor.id))).after.name).toBe("Now Fine");
  });

  it("allows SSO for a password member and takes it back, forgetting the bound identity", async () => {
    const { member } = await add("link@example.com", "operator", "harbor-violet-kettle");
    const linked = await setSsoAccess(conn, member.id, true, by(adminId));
    expect(linked.before).toMatchObject({ ssoAllowed: false });
    expect(linked.after).toMatchObject({ ssoAllowed: true, ssoLinked: false });
    await conn.updateTable("members").set({ sso_issuer: "https://idp.example", sso_subject: "abc" }).where("id", "=", member.id).execute();
    await startSession(conn, member.id, "sso");
    const unlinked = await setSsoAccess(conn, member.id, false, by(adminId));
    expect(unlinked.before).toMatchObject({ ssoAllowed: true, ssoLinked: true });
    expect(unlinked.after).toMatchObject({ ssoAllowed: false, ssoLinked: false });
    expect(unlinked.sessionsEnded).toBe(1);
  });

  it("reports an unknown id", async () => {
    expect(await rejection(changeMember(conn, 999_999, { role: "viewer" }, cli()))).toBeInstanceOf(MemberNotFoundError);
  });

  it("pages the team by email, with the total", async () => {
    const all = await listTeam(conn);
    const second = await listTeamPage(conn, { page: 2, limit: 1000 });
    expect(second).toEqual({ items: [], total: all.length });
    const first = await listTeamPage(conn, { page: 1, limit: 1000 });
    expect(first.items).toEqual(all);
  });

  it("writes its own audit events through the context: successes, and refusals with the reason", async () => {
    const events: unknown[] = [];
    const ctx: ServiceContext = { actor: { id: adminId, email: "root@example.com" }, audit: async (e) => void events.push(e) };
    const { member } = await addMember(conn, createMemberBodySchema.parse({ email: "audited@example.com", name: "Audited", role: "viewer" }), ctx);
    await rejection(addMember(conn, createMemberBodySchema.parse({ email: "audited@example.com", name: "Again", role: "admin" }), ctx));
    await changeMember(conn, member.id, { role: "operator", password: "quartz-meadow-ember" }, ctx);
    await rejection(changeMember(conn, adminId, { active: false, password: "pewter-orchid-glacier" }, ctx));
    await rejection(changeMember(conn, 999_999, { role: "viewer" }, ctx));
    expect(events).toEqual([
      { action: "member.create", target: { type: "member", id: member.id }, outcome: "success", after: expect.objectContaining({ email: "audited@example.com" }) },
      {
        action: "member.create",
        outcome: "failure",
        message: expect.stringContaining("already exists"),
        details: { reason: "email_taken", email: "audited@example.com", role: "admin" },
      },
      {
        action: "member.update",
        target: { type: "member", id: member.id },
        outcome: "success",
        before: expect.objectContaining({ role: "viewer" }),
        after: expect.objectContaining({ role: "operator", passwordChanged: true }),
      },
      {
        action: "member.update",
        target: { type: "member", id: adminId },
        outcome: "failure",
        message: expect.stringContaining("your own role"),
        details: { reason: "self_change", asked: { active: false, passwordChanged: true } },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/quartz-meadow-ember|pewter-orchid-glacier|scrypt/);
  });

  it("refuses with domain errors that answer as today's problems", () => {
    expect(toProblem(new TeamRuleError("last_admin", "Last.", "role"))).toMatchObject({ status: 409, code: "conflict", detail: "Last.", reason: "last_admin", errors: { role: ["Last."] } });
    expect(toProblem(new TeamRuleError("email_taken", "Taken."))).not.toHaveProperty("errors");
    expect(toProblem(new ActorNotAdminError())).toMatchObject({ status: 403, code: "forbidden", reason: "actor_not_admin", requiredRole: "admin" });
    expect(toProblem(new MemberNotFoundError(7))).toMatchObject({ status: 404, code: "not_found", detail: "No team member has id 7." });
  });
});

// Two instances: two handles on the same PostgreSQL database.
describe("team writes at the same time", () => {
  let store: Store;
  let other: Store;
  beforeAll(async () => {
    store = await openTestStore();
    other = await openStore({ databaseUrl: store.engine.connectionString, poolSize: 4 });
  });
  afterAll(async () => {
    await other.close();
    await store.close();
  });

  it("two admins demoting each other at once leave one admin: one change wins, the other finds its actor no longer an admin", async () => {
    for (let round = 0; round < 5; round++) {
      const make = (email: string) =>
        addMember(store.db, createMemberBodySchema.parse({ email, name: "Admin", role: "admin" }), cliContext(store.db)).then((r) => r.member.id);
      const a = await make(`a${round}@race.test`);
      const b = await make(`b${round}@race.test`);
      // Only these two are active admins.
      await store.db.updateTable("members").set({ active: false }).where("id", "not in", [a, b]).execute();
      const results = await Promise.allSettled([changeMember(store.db, b, { role: "viewer" }, by(a)), changeMember(other.db, a, { role: "viewer" }, by(b))]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected");
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ActorNotAdminError);
      expect(await countActiveAdmins(store.db)).toBe(1);
    }
  });
});
