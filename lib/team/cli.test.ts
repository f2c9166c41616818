import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMemberByEmail } from "@/lib/auth/members";
import { startSession } from "@/lib/auth/sessions";
import { verifyPassword } from "@/lib/auth/password";
import { openStore } from "@/lib/boot/features";
import { createTestDatabase } from "@/test/test-database";

// The team CLI end to end, as `npm run team` runs it, against the store the console would use: a test
// PostgreSQL database at DATABASE_URL.

const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "cli-secret-password-1";
let dir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-team-cli-"));
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The store the CLI writes to. */
const openCliStore = () => openStore({ databaseUrl: database?.url, poolSize: 2 });

function team(args: string[], env: Record<string, string | undefined> = { TEAM_PASSWORD: PASSWORD }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "scripts/team.ts", ...args],
      { cwd: root, env: { ...process.env, TEAM_PASSWORD: undefined, ...env, DATA_DIR: dir, DATABASE_URL: database?.url }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

async function storeState() {
  const store = await openCliStore();
  const conn = store.db;
  try {
    const audit = await conn.selectFrom("audit_events").selectAll().orderBy("id").execute();
    const admin = await findMemberByEmail(conn, "ada@example.com");
    return { audit, admin };
  } finally {
    await store.close();
  }
}

describe("scripts/team.ts", { timeout: 90_000 }, () => {
  it("adds the first admin with the password from TEAM_PASSWORD", async () => {
    const r = await team(["add", "--email", " Ada@Example.com ", "--name", "Ada Lovelace", "--role", "admin"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Added ada@example.com");
    expect(r.stdout).not.toContain(PASSWORD);
    const { admin, audit } = await storeState();
    expect(await verifyPassword(PASSWORD, admin!.password_hash!)).toBe(true);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_email: "cli", action: "member.create", outcome: "success", target_type: "member", target_id: String(admin!.id) });
    expect(audit[0]!.after_json).not.toMatch(/scrypt|cli-secret/);
  });

  it("adds an SSO member without a password, and refuses when no password can be read", async () => {
    expect((await team(["add", "--email", "sso@example.com", "--name", "Sso User", "--role", "viewer", "--sso"], {})).code).toBe(0);
    const r = await team(["add", "--email", "bob@example.com", "--name", "Bob", "--role", "viewer"], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TEAM_PASSWORD/);
  });

  it("validates with the shared schemas", async () => {
    const r = await team(["add", "--email", "not-an-email", "--name", "X", "--role", "owner"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/email: Enter a valid email address/);
    expect(r.stderr).toMatch(/role: Choose viewer, operator or admin/);
    expect((await team(["add", "--email", "ada@example.com", "--name", "Dup", "--role", "viewer"])).stderr).toMatch(/already exists/);
    expect((await team(["frobnicate"])).code).toBe(1);
  });

  it("refuses a weak password on add and on reset, saying why", async () => {
    const added = await team(["add", "--email", "weak@example.com", "--name", "Weak", "--role", "viewer"], { TEAM_PASSWORD: "password1234" });
    expect(added.code).toBe(1);
    expect(added.stderr).toBe("team: password: This password is too easy to guess. Use a longer one, such as a few unrelated words, without a name, a team member's email or a season and year.\n");
    const reset = await team(["reset-password", "--email", "ada@example.com"], { TEAM_PASSWORD: "ada@example.com!" });
    expect(reset.code).toBe(1);
    expect(reset.stderr).toMatch(/^team: password: This password is too easy to guess/);
    const { admin } = await storeState();
    expect(await verifyPassword(PASSWORD, admin!.password_hash!)).toBe(true);
  });

  it("lists members without any password or hash", async () => {
    const r = await team(["list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ada@example\.com\s+Ada Lovelace\s+admin\s+active\s+password/);
    expect(r.stdout).toMatch(/sso@example\.com\s+Sso User\s+viewer\s+active\s+sso/);
    expect(r.stdout).not.toContain(PASSWORD);
    expect(r.stdout).not.toMatch(/scrypt/);
    const json = await team(["list", "--json"]);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
    expect(json.stdout).not.toMatch(/scrypt|password_hash/);
  });

  it("sets roles, deactivates and activates, and keeps the last admin", async () => {
    expect((await team(["set-role", "--email", "sso@example.com", "--role", "operator"])).code).toBe(0);
    const last = await team(["set-role", "--email", "ada@example.com", "--role", "viewer"]);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/last active admin/);
    expect((await team(["deactivate", "--email", "ada@example.com"])).code).toBe(1);

    expect((await team(["deactivate", "--email", "sso@example.com"])).code).toBe(0);
    expect((await team(["list"])).stdout).toMatch(/sso@example\.com\s+Sso User\s+operator\s+deactivated/);
    expect((await team(["activate", "--email", "sso@example.com"])).code).toBe(0);
    expect((await team(["deactivate", "--email", "nobody@example.com"])).stderr).toMatch(/No team member/);

    const { audit } = await storeState();
    const updates = audit.filter((a) => a.action === "member.update");
    expect(updates.map((a) => a.outcome)).toEqual(["success", "failure", "failure", "success", "success"]);
    expect(JSON.parse(updates[0]!.before_json!)).toMatchObject({ role: "viewer" });
    expect(JSON.parse(updates[0]!.after_json!)).toMatchObject({ role: "operator" });
    expect(updates.every((a) => a.actor_email === "cli")).toBe(true);
  });

  it("resets a password, recording only that it changed", async () => {
    const r = await team(["reset-password", "--email", "ada@example.com"], { TEAM_PASSWORD: "a-whole-new-password" });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("a-whole-new-password");
    const { admin, audit } = await storeState();
    expect(await verifyPassword("a-whole-new-password", admin!.password_hash!)).toBe(true);
    const last = audit.at(-1)!;
    expect(JSON.parse(last.after_json!)).toMatchObject({ passwordChanged: true });
    expect(last.after_json).not.toMatch(/scrypt|a-whole-new-password/);
  });

  it("ends a member's sessions on a password reset and with sign-out-everywhere, audited", async () => {
    const live = async () => {
      const store = await openCliStore();
      const conn = store.db;
      try {
        const admin = (await findMemberByEmail(conn, "ada@example.com"))!;
        const rows = await conn.selectFrom("sessions").select("id").where("member_id", "=", admin.id).execute();
        return { rows: rows.length, version: admin.session_version, admin };
      } finally {
        await store.close();
      }
    };
    const start = async () => {
      const store = await openCliStore();
      const conn = store.db;
      try {
        await startSession(conn, (await findMemberByEmail(conn, "ada@example.com"))!.id, "password");
      } finally {
        await store.close();
      }
    };
    await start();
    const before = await live();
    expect(before.rows).toBe(1);
    expect((await team(["reset-password", "--email", "ada@example.com"], { TEAM_PASSWORD: "yet-another-password" })).code).toBe(0);
    const afterReset = await live();
    expect(afterReset).toMatchObject({ rows: 0, version: before.version + 1 });

    await start();
    await start();
    const r = await team(["sign-out-everywhere", "--email", "ada@example.com"], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("2 sessions ended");
    expect(await live()).toMatchObject({ rows: 0, version: before.version + 2 });
    const last = (await storeState()).audit.at(-1)!;
    expect(last).toMatchObject({ action: "auth.sign_out", actor_email: "cli", outcome: "success", target_id: String(afterReset.admin.id) });
    expect(JSON.parse(last.details_json!)).toMatchObject({ scope: "everywhere", sessionsEnded: 2 });
  });

  it("links a password member to SSO and unlinks them, audited", async () => {
    const link = await team(["link-sso", "--email", "ada@example.com"], {});
    expect(link.code).toBe(0);
    let { admin, audit } = await storeState();
    expect(admin!.sso_allowed).toBe(true);
    expect(audit.at(-1)).toMatchObject({ action: "member.update", actor_email: "cli", outcome: "success" });
    expect(JSON.parse(audit.at(-1)!.before_json!)).toMatchObject({ ssoAllowed: false });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({ ssoAllowed: true });

    expect((await team(["unlink-sso", "--email", "ada@example.com"], {})).code).toBe(0);
    ({ admin, audit } = await storeState());
    expect(admin).toMatchObject({ sso_allowed: false, sso_issuer: null, sso_subject: null });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({ ssoAllowed: false, ssoLinked: false });
    expect((await team(["link-sso", "--email", "nobody@example.com"], {})).stderr).toMatch(/No team member/);
  });
});
