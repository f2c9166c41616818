import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processTree } from "@/scripts/bench/demo-stack";
import { builtScript } from "@/scripts/bench/stack";
import { waitUntilReady } from "@/test/wait-ready";

// `npm start` as a newcomer runs it, in demo mode: two node processes running dist/'s plain JavaScript (the start
// script with the emulator in it, the console), and PostgreSQL; no TypeScript loader and no esbuild service. Needs the build, as `npm test` makes it.

const root = path.resolve(import.meta.dirname, "..");
const built = existsSync(path.join(root, ".next", "BUILD_ID"));
const dir = mkdtempSync(path.join(tmpdir(), "labs-lean-start-"));
const early = mkdtempSync(path.join(tmpdir(), "labs-lean-early-"));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return [];
  }
}

// A zombie counts as gone: here the first process may not reap orphans.
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

afterAll(() => {
  for (const d of [dir, early]) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!built)("npm start", () => {
  it("runs the stack with node and compiled JavaScript only, and stops it whole on SIGTERM", { timeout: 180_000 }, async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), EMULATOR_PORT: String(emulatorPort), DATA_DIR: dir, NODE_OPTIONS: "", LOG_LEVEL: "warn" };
    for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "LABS_API_URL", "LABS_API_TOKEN", "AUTH_SECRET", "HOST", "CONSOLE_LOG_FILE"]) delete env[name];
    const npm = spawn("npm", ["start"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const out: string[] = [];
    npm.stdout!.on("data", (c: Buffer) => out.push(c.toString()));
    npm.stderr!.on("data", (c: Buffer) => out.push(c.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    try {
      await waitUntilReady(`http://127.0.0.1:${port}/api/health`, npm, "npm start");
      const pids = JSON.parse(readFileSync(path.join(dir, "pids.json"), "utf8")) as Record<"start" | "console" | "emulator" | "postgres", number>;
      const stack = processTree(npm.pid!).map((pid) => ({ pid, args: commandLine(pid) }));
      expect(stack.filter((p) => p.args.some((a) => /tsx|esbuild/.test(a)))).toEqual([]);
      const script = (pid: number) => stack.find((p) => p.pid === pid)?.args.slice(1).map((a) => path.resolve(root, a));
      expect([script(pids.start), script(pids.console)]).toEqual([[path.join(root, "dist", "start.mjs")], [path.join(root, "dist", "server.mjs")]]);
      // Two node processes under npm: the emulator answers from the start script's own.
      expect(stack.filter((p) => /(^|\/)node$/.test(p.args[0] ?? "")).map((p) => p.pid).sort()).toEqual([pids.start, pids.console].sort());
      expect(pids.emulator).toBe(pids.start);
      const consoleEnv = readFileSync(`/proc/${pids.console}/environ`, "utf8").split("\0");
      expect(consoleEnv.filter((v) => /^(NODE_OPTIONS|MALLOC_\w+)=/.test(v)).sort()).toEqual(["MALLOC_MMAP_THRESHOLD_=32768", "MALLOC_TRIM_THRESHOLD_=131072", "NODE_OPTIONS=--max-semi-space-size=4"]);
      const token = readFileSync(path.join(dir, "emulator-token"), "utf8").trim();
      expect((await fetch(`http://127.0.0.1:${emulatorPort}/__emulator/health`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      expect(stack.map((p) => p.pid)).toContain(pids.postgres);

      process.kill(pids.start, "SIGTERM");
      expect(await exited).toBe(0);
      expect(stack.filter((p) => alive(p.pid))).toEqual([]);
    } finally {
      if (npm.exitCode === null) process.kill(-npm.pid!, "SIGKILL");
      if (out.length && npm.exitCode !== 0) console.log(out.join(""));
    }
  });

  it("stopped while the console is still starting, exits 0 with its PostgreSQL stopped", { timeout: 120_000 }, async () => {
    const data = early;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), EMULATOR_PORT: String(await freePort()), DATA_DIR: data, NODE_OPTIONS: "", LOG_LEVEL: "warn" };
    for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "LABS_API_URL", "LABS_API_TOKEN", "AUTH_SECRET", "HOST", "CONSOLE_LOG_FILE"]) delete env[name];
    const start = spawn(process.execPath, [builtScript(root, "start")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    const out: string[] = [];
    start.stdout!.on("data", (c: Buffer) => out.push(c.toString()));
    start.stderr!.on("data", (c: Buffer) => out.push(c.toString()));
    const exited = new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code)));
    // pids.json is written as the console is spawned, seconds before it answers.
    const pidsFile = path.join(data, "pids.json");
    while (!existsSync(pidsFile) && start.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    expect(start.exitCode, out.join("")).toBe(null);
    const pids = JSON.parse(readFileSync(pidsFile, "utf8")) as Record<"console" | "postgres", number>;
    start.kill("SIGTERM");
    expect(await exited, out.join("")).toBe(0);
    expect(out.join("")).not.toContain("cannot start");
    expect([alive(pids.console), alive(pids.postgres)]).toEqual([false, false]);
  });
});
