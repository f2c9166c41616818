import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateKey } from "@/lib/apikeys/service";
import { openStore } from "@/lib/boot/features";
import { createTestDatabase } from "@/test/test-database";

// `npm run team -- keys ...` end to end, as a shell runs it, against a test PostgreSQL database at DATABASE_URL.

const root = path.resolve(import.meta.dirname, "../..");
let dir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-keys-cli-"));
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

function team(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "scripts/team.ts", ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: database?.url }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

async function withStore<T>(fn: (conn: Awaited<ReturnType<typeof openStore>>["db"]) => Promise<T>): Promise<T> {
  const store = await openStore({ databaseUrl: database?.url, poolSize: 2 });
  try {
    return await fn(store.db);
  } finally {
    await store.close();
  }
}

describe("team keys", { timeout: 90_000 }, () => {
  it("creates a key, prints its working secret once, lists it without the secret, and revokes it", async () => {
    const expires = inDays(30);
    const created = await team(["keys", "create", "--name", "Nightly job", "--role", "viewer", "--expires", expires, "--allow", "203.0.113.9/24", "--allow", "10.0.0.1"]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const secret = /^(labsc_[0-9A-Za-z]{43})$/m.exec(created.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(created.stdout).toContain(`Created API key Nightly job (viewer, expires ${expires})`);
    const id = /id ([0-9a-f-]{36})/.exec(created.stdout)![1]!;
    expect((await withStore((c) => authenticateKey(c, secret!, "203.0.113.77"))).ok).toBe(true);

    const listed = await team(["keys", "list", "--json"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(secret!.slice(14));
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id, name: "Nightly job", state: "active", allowedAddresses: ["203.0.113.0/24", "10.0.0.1"], createdBy: "the team CLI" })]);

    const revoked = await team(["keys", "revoke", "--id", id]);
    expect(revoked).toMatchObject({ code: 0, stdout: "API key Nightly job is revoked; its next request is refused.\n" });
    expect(await withStore((c) => authenticateKey(c, secret!, "203.0.113.77"))).toEqual({ ok: false, reason: "revoked" });
    const audit = await withStore((c) => c.selectFrom("audit_events").select(["action", "message", "actor_email"]).where("action", "like", "apikey.%").orderBy("id").execute());
    expect(audit).toEqual([
      { action: "apikey.create", message: `API key Nightly job created, viewer, expires ${expires}, from 203.0.113.0/24, 10.0.0.1 only`, actor_email: "cli" },
      { action: "apikey.revoke", message: "API key Nightly job revoked", actor_email: "cli" },
    ]);
  });

  it("says what is wrong with the options, by their CLI names, and creates nothing", async () => {
    const bad = await team(["keys", "create", "--name", "x", "--role", "admin", "--expires", "2020-13-01"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^team: role: Choose viewer or operator\.; --expires: /);
    const addr = await team(["keys", "create", "--name", "x", "--role", "viewer", "--expires", inDays(3), "--allow", "10.0.0.0/33"]);
    expect(addr.stderr).toMatch(/--allow: Use an IP address/);
    expect((await team(["keys", "revoke", "--id", "nope"])).stderr).toMatch(/--id: a key id is a UUID/);
    expect((await team(["keys", "rotate"])).stderr).toMatch(/Give keys create, keys list or keys revoke/);
    expect(await withStore((c) => c.selectFrom("api_keys").select("name").execute())).toHaveLength(1);
  });
});
