import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ensureLocalServer, StoreInUseError } from "@/lib/db/local-server";

// The data folder's own PostgreSQL as the command-line tools meet it: `npm run team` starts it for itself and stops it
// after, or uses the running console's server and leaves it running; a second owner is refused.

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) {
    // A server a failing test left running is stopped (fast shutdown) before its folder goes.
    try {
      process.kill(Number(readFileSync(path.join(d, "postgres", "postmaster.pid"), "utf8").split("\n")[0]), "SIGINT");
    } catch {
      // none running
    }
    rmSync(d, { recursive: true, force: true });
  }
});
function folder(): string {
  const d = mkdtempSync(path.join(tmpdir(), "labs-local-server-"));
  dirs.push(d);
  return d;
}

function team(dir: string, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, DATA_DIR: dir, TEAM_PASSWORD: "cli-secret-password-1" };
    execFile(process.execPath, ["--import", "tsx", "scripts/team.ts", ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function backgroundProcesses(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string }>("select distinct backend_type as t from pg_stat_activity where backend_type <> 'client backend' order by 1");
    return rows.map((r) => r.t);
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query("select 1 as one")).rows[0].one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("the data folder's own PostgreSQL", () => {
  it("npm run team starts it for itself and stops it after; with a console running it uses that server", { timeout: 120_000 }, async () => {
    const dir = folder();
    const added = await team(dir, ["add", "--email", "ada@example.com", "--name", "Ada", "--role", "admin"]);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    // Stopped after the command, the folder given back.
    expect(existsSync(path.join(dir, "postgres", "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dir, "store.pid"))).toBe(false);
    expect(statSync(path.join(dir, "postgres-password")).mode & 0o777).toBe(0o600);

    // A console holds the folder (this process, as the console would).
    const running = await ensureLocalServer(dir);
    try {
      expect(readFileSync(path.join(dir, "store.pid"), "utf8").trim()).toBe(String(process.pid));
      const listed = await team(dir, ["list", "--json"]);
      expect(listed.stderr).toBe("");
      expect(listed.stdout).toContain("ada@example.com");
      // Left running for the console.
      expect(await answers(running.url)).toBe(true);
      // Loopback only, with the generated password.
      expect(new URL(running.url).hostname).toBe("127.0.0.1");
      expect(await answers(running.url.replace(/:[^:@/]+@/, ":wrong@"))).toBe(false);
    } finally {
      await running.stop();
    }
    expect(await answers(running.url)).toBe(false);
  });

  it("refuses a second owner of the folder while the first one lives", { timeout: 60_000 }, async () => {
    const dir = folder();
    // A live process that is not us (the test runner's parent) holds it.
    writeFileSync(path.join(dir, "store.pid"), `${process.ppid}\n`);
    await expect(ensureLocalServer(dir)).rejects.toThrow(StoreInUseError);
    await expect(ensureLocalServer(dir)).rejects.toThrow(`is in use by the console with process id ${process.ppid}`);
    // A pid no process has: left behind by a kill -9, taken over.
    writeFileSync(path.join(dir, "store.pid"), "2147483646\n");
    const server = await ensureLocalServer(dir);
    try {
      expect(server.created).toBe(true);
      expect(await answers(server.url)).toBe(true);
      expect(await backgroundProcesses(server.url)).toEqual(["autovacuum launcher", "background writer", "checkpointer", "walwriter"]);
    } finally {
      await server.stop();
    }
  });
});

describe("the demo's PostgreSQL", () => {
  it("starts with 16 MB of shared buffers and at most 100 connections; without `small`, PostgreSQL's 128 MB and our 200", { timeout: 60_000 }, async () => {
    const settings = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>("select name, setting, unit from pg_settings where name in ('shared_buffers', 'max_connections') order by name");
        return Object.fromEntries(rows.map((r) => [r.name, r.name === "shared_buffers" ? (Number(r.setting) * 8) / 1024 : Number(r.setting)]));
      } finally {
        await client.end();
      }
    };
    const dir = folder();
    const small = await ensureLocalServer(dir, { small: true });
    try {
      expect(await settings(small.url)).toEqual({ max_connections: 100, shared_buffers: 16 });
    } finally {
      await small.stop();
    }
    const full = await ensureLocalServer(dir);
    try {
      expect(await settings(full.url)).toEqual({ max_connections: 200, shared_buffers: 128 });
    } finally {
      await full.stop();
    }
  });
});
