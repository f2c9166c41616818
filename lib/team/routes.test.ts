import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentMember } from "@/lib/auth/session";
import { callRoute } from "@/test/in-process-console";
import { openTestDb } from "@/test/store";
import type { Database } from "@/lib/store/schema";
import { createMemberBodySchema } from "@/lib/team/schemas";
import { cliContext } from "@/lib/team/cli-audit";
import { addMember } from "@/lib/team/service";

// The /api/team handlers through the real wrapper, with the session and the store swapped for a
// chosen member and a temp store.

const state = stubDoors({ conn: undefined as unknown as Kysely<Database>, member: null as CurrentMember | null });

let conn: Kysely<Database>;
let admin: CurrentMember;
let viewer: CurrentMember;

async function lastAudit() {
  return conn.selectFrom("audit_events").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

beforeAll(async () => {
  conn = await openTestDb();
  state.conn = conn;
  const add = async (email: string, role: "viewer" | "admin") => {
    const { member } = await addMember(conn, createMemberBodySchema.parse({ email, name: email, role, password: "route-test-pw" }), cliContext(conn));
    return { id: member.id, email: member.email, name: member.name, role: member.role };
  };
  admin = await add("admin@route.test", "admin");
  viewer = await add("viewer@route.test", "viewer");
});
afterAll(async () => {
  await conn.destroy();
});
beforeEach(() => {
  state.member = admin;
});

describe("GET /api/team", () => {
  it("lists members for a viewer, without hashes", async () => {
    state.member = viewer;
    const res = await callRoute("GET", "/api/team");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/scrypt|password_hash/);
    expect(JSON.parse(text).items).toHaveLength(2);
  });

  it("answers 401 without a session", async () => {
    state.member = null;
    expect((await callRoute("GET", "/api/team")).status).toBe(401);
  });
});

describe("POST /api/team", () => {
  it("creates a member (201) and audits it without the password", async () => {
    const res = await callRoute("POST", "/api/team", { email: "New@Route.test", name: "New One", role: "operator", password: "copper-tulip-anchor" });
    expect(res.status).toBe(201);
    const { member } = await res.json();
    expect(member).toMatchObject({ email: "new@route.test", role: "operator", active: true, hasPassword: true });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "member.create", outcome: "success", actor_id: admin.id, target_id: String(member.id) });
    expect(audit.after_json).not.toMatch(/copper-tulip-anchor|scrypt/);
  });

  it("answers 409 naming email for a duplicate, and audits the failure", async () => {
    const res = await callRoute("POST", "/api/team", { email: "NEW@route.test", name: "Again", role: "viewer" });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ code: "conflict", reason: "email_taken" });
    expect(body.errors.email[0]).toMatch(/already exists/);
    expect(await lastAudit()).toMatchObject({ action: "member.create", outcome: "failure" });
  });

  it("answers 422 for unknown fields and 415 for a non-JSON body", async () => {
    const unknown = await callRoute("POST", "/api/team", { email: "x@route.test", name: "X", role: "viewer", admin: true });
    expect(unknown.status).toBe(422);
    const form = await callRoute("POST", "/api/team", undefined, { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
  });

  it("answers 403 to a viewer and to a cross-origin admin", async () => {
    state.member = viewer;
    const denied = await callRoute("POST", "/api/team", { email: "v@route.test", name: "V", role: "viewer" });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "forbidden" });
    state.member = admin;
    const cross = await callRoute("POST", "/api/team", { email: "v@route.test", name: "V", role: "viewer" }, { origin: "http://evil.example" });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ code: "cross_origin" });
  });
});

describe("new passwords", () => {
  it("refuses one shorter than 12 characters", async () => {
    const res = await callRoute("POST", "/api/team", { email: "short@route.test", name: "Short", role: "viewer", password: "Xq7#vR2!mZ" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.password).toEqual(["Use at least 12 characters."]);
  });

  it.each([
    ["a common password", "password1234", "This password is too easy to guess."],
    ["one of the commonest", "1234567890qwertyuiop", "This password is too easy to guess."],
    ["a common password, whole", "qwertyuiop123", "This password is"],
    ["one character repeated", "aaaaaaaaaaaa", "This password is too easy to guess."],
    ["a keyboard walk", "qazwsxedcrfv", "This password is"],
    ["the member's own email", "weak1@route.test", "This password is too easy to guess."],
    ["a fair but guessable one (score 2: the demo's own)", "demo-password", "This password is too easy to guess."],
    ["one letter repeated, with a digit and a sign (score 3)", "Aaaaaaaaaaa1!", "This password is too easy to guess."],
    ["a season and a year (score 3)", "Summer2026!!", "This password is too easy to guess."],
    ["a Turkish season and a year", "Sonbahar2026!", "This password is too easy to guess."],
    ["another member's email", "viewer@route.test!", "This password is too easy to guess."],
    ["another member's email, on its own", "admin@route.test", "This password is too easy to guess."],
  ])("refuses %s (%s) on create with the field's message, and creates nobody", async (_, password, text) => {
    const email = "weak1@route.test";
    const res = await callRoute("POST", "/api/team", { email, name: "Weak One", role: "viewer", password });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ code: "validation_failed" });
    expect(body.errors.password[0]).toContain(text);
    expect(await conn.selectFrom("members").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("names a password from the common list as such", async () => {
    const res = await callRoute("POST", "/api/team", { email: "common@route.test", name: "Common", role: "viewer", password: "1qaz2wsx3edc" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.password).toEqual(["This password is one of the most common passwords. Choose another one."]);
  });

  it("refuses a weak password on a reset and keeps the old one", async () => {
    const before = await conn.selectFrom("members").select("password_hash").where("id", "=", viewer.id).executeTakeFirstOrThrow();
    const res = await callRoute("PATCH", `/api/team/${viewer.id}`, { password: "iloveyou1234" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.password[0]).toMatch(/^This password is/);
    const after = await conn.selectFrom("members").select("password_hash").where("id", "=", viewer.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it("accepts a few unrelated words", async () => {
    const res = await callRoute("POST", "/api/team", { email: "words@route.test", name: "Words", role: "viewer", password: "tidal orbit quill lantern" });
    expect(res.status).toBe(201);
  });
});

describe("PATCH /api/team/{id}", () => {
  it("changes a role and audits before/after, a password only as a flag", async () => {
    const res = await callRoute("PATCH", `/api/team/${viewer.id}`, { role: "operator", password: "meadow-kite-lantern" });
    expect(res.status).toBe(200);
    expect((await res.json()).member).toMatchObject({ id: viewer.id, role: "operator" });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "member.update", outcome: "success", target_type: "member", target_id: String(viewer.id) });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ role: "viewer" });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ role: "operator", passwordChanged: true });
    expect(audit.after_json).not.toMatch(/meadow-kite-lantern|scrypt/);
  });

  it("refuses self-demotion and deactivation with 409", async () => {
    for (const body of [{ role: "viewer" }, { active: false }]) {
      const res = await callRoute("PATCH", `/api/team/${admin.id}`, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "conflict", reason: "self_change" });
      expect(await lastAudit()).toMatchObject({ action: "member.update", outcome: "failure" });
    }
  });

  it("answers 404 for an unknown id and 422 for a bad one", async () => {
    expect((await callRoute("PATCH", "/api/team/999999", { role: "viewer" })).status).toBe(404);
    for (const id of ["1.5", "01x", "-1", "99999999999999999999"]) {
      const res = await callRoute("PATCH", `/api/team/${id}`, { role: "viewer" });
      expect(res.status).toBe(422);
    }
    expect((await callRoute("PATCH", `/api/team/${viewer.id}`, {})).status).toBe(422);
  });
});
