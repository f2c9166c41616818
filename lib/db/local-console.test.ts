import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { waitUntilReady } from "@/test/wait-ready";
import { signIn } from "@/scripts/bench/http";

// The console as scripts/server.ts runs it in demo mode with no DATABASE_URL: it starts the data folder's own
// PostgreSQL, refuses a second console on that folder, and after a `kill -9` a new console takes over the server the
// killed one left running, with its data. Needs the build (`npm test` builds before the unit suite).

const root = path.resolve(import.meta.dirname, "../..");
const built = existsSync(path.join(root, ".next", "BUILD_ID"));
const dir = mkdtempSync(path.join(tmpdir(), "labs-console-store-"));
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function startConsole(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: undefined,
    TEST_DATABASE_URL: undefined,
    NODE_OPTIONS: "",
    DATA_DIR: dir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LABS_DEMO_MODE: "1",
    // Nothing answers there: the store is what this test is about.
    LABS_API_URL: "http://127.0.0.1:9",
    LABS_API_TOKEN: "local-console-test-token",
    AUTH_SECRET: "local-console-test-auth-secret-0123456789",
    LOG_LEVEL: "warn",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  const out: string[] = [];
  child.stdout!.on("data", (c: Buffer) => out.push(c.toString()));
  child.stderr!.on("data", (c: Buffer) => out.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, out, exited };
}

/** The postmaster's pid and port from its pid file, and the generated password kept beside it. */
function server() {
  const lines = readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const password = readFileSync(path.join(dir, "postgres-password"), "utf8").trim();
  return { pid: Number(lines[0]), url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/postgres` };
}

// A zombie counts as gone: here the first process may not reap orphans.
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

async function signIns(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from audit_events where action = 'auth.sign_in' and outcome = 'success'");
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  if (existsSync(path.join(dir, "postgres", "postmaster.pid"))) {
    const { pid } = server();
    if (alive(pid)) process.kill(pid, "SIGINT");
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!built)("the console's own PostgreSQL (scripts/server.ts, demo mode)", () => {
  it("refuses a second console on the data folder, survives a kill -9 with its data, and stops its server on exit", { timeout: 240_000 }, async () => {
    const first = startConsole(await freePort());
    await waitUntilReady(`${first.url}/api/ping`, first.child, "the first console");
    await signIn(first.url, "admin@demo.local", "demo-password");
    const before = server();
    expect(await signIns(before.url)).toBe(1);

    const second = startConsole(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.out.join("")).toContain(`${dir} is in use by the console with process id ${first.child.pid}`);

    // kill -9: no shutdown code runs; the server it started is left running.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(alive(before.pid)).toBe(true);

    const again = startConsole(await freePort());
    await waitUntilReady(`${again.url}/api/ping`, again.child, "the console started again");
    await signIn(again.url, "admin@demo.local", "demo-password");
    // The same server, taken over rather than started anew, with the sign-in from before the kill.
    expect(server().pid).toBe(before.pid);
    expect(await signIns(before.url)).toBe(2);

    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    expect(alive(before.pid)).toBe(false);
    expect(existsSync(path.join(dir, "store.pid"))).toBe(false);
  });
});
