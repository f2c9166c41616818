// `npm start`: the data folder's PostgreSQL (unless DATABASE_URL), the emulator in this process (unless LABS_API_URL), then the console.
import "@/scripts/require-node";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ConfigError, envSchema, parseServerEnv } from "@/lib/config/env";
import { ensureLocalServer, StoreInUseError, type LocalServer } from "@/lib/db/local-server";
import { pgliteLeftBehind } from "@/lib/db/pglite-left";
import type { Emulator } from "@/emulator/server";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
const dev = process.argv.includes("--dev");
// As dist/start.mjs (`npm start`) it runs dist's plain JavaScript with node alone; as scripts/start.ts (`npm run dev`), the sources under tsx.
const compiled = path.extname(import.meta.filename) === ".mjs";
const script = (built: string, source: string) => (compiled ? [path.join(root, "dist", `${built}.mjs`)] : ["--import", "tsx", path.join(root, source)]);

let local: LocalServer | undefined;
let emulator: Emulator | undefined;

function fail(message: string): never {
  console.error(`Labs console cannot start. ${message}`);
  void local?.stop();
  process.exit(1);
}

function demoSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (value) return value;
  }
  const value = randomBytes(32).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

async function waitFor(url: string, headers: Record<string, string>, what: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) await new Promise(() => undefined);
    if (child.exitCode !== null) fail(`${what} exited during start-up (code ${child.exitCode}).`);
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      if (res.status < 500 || res.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${what} did not become ready within ${timeoutMs / 1000} s.`);
}

// Like `next start`, read .env when there is one; variables already set win.
for (const file of [".env.local", ".env"]) {
  if (existsSync(path.join(root, file))) process.loadEnvFile(path.join(root, file));
}

const pre = envSchema.safeParse(process.env);
if (!pre.success) {
  fail(`Invalid configuration:\n${pre.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n")}`);
}
const env = pre.data;
const dataDir = path.resolve(root, env.DATA_DIR ?? "data");
mkdirSync(dataDir, { recursive: true });
const demo = env.LABS_API_URL === undefined;

const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(env.PORT) };
// Demo mode has well-known passwords: it listens on this machine only unless HOST says otherwise.
const listenHost = env.HOST ?? (demo ? "127.0.0.1" : undefined);
if (listenHost) childEnv.HOST = listenHost;
else delete childEnv.HOST;
if (demo) {
  childEnv.LABS_API_TOKEN = env.LABS_API_TOKEN ?? demoSecret(dataDir, "emulator-token");
  childEnv.LABS_API_URL = `http://127.0.0.1:${env.EMULATOR_PORT}`;
  childEnv.LABS_DEMO_MODE = "1";
  childEnv.AUTH_SECRET = env.AUTH_SECRET ?? demoSecret(dataDir, "auth-secret");
  // A small young generation and malloc's larger blocks mapped apart keep idle and walked memory low; NODE_OPTIONS's own flags win.
  childEnv.NODE_OPTIONS = `--max-semi-space-size=4 ${process.env.NODE_OPTIONS ?? ""}`.trim();
  childEnv.MALLOC_MMAP_THRESHOLD_ ??= "32768";
  childEnv.MALLOC_TRIM_THRESHOLD_ ??= "131072";
} else {
  childEnv.LABS_DEMO_MODE = "0";
}
try {
  parseServerEnv(childEnv);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

if (!childEnv.DATABASE_URL?.trim()) {
  try {
    local = await ensureLocalServer(dataDir);
  } catch (error) {
    if (error instanceof StoreInUseError) fail(error.message);
    fail(`its PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  childEnv.DATABASE_URL = local.url;
  if (local.reused) console.log("Took over the console's PostgreSQL left running by a console that was stopped abruptly.");
  // The store of an earlier console (PGlite, ./data/store) moves into the new, empty one once, before the console starts.
  const old = await pgliteLeftBehind(dataDir, local.url);
  if (old) {
    console.log(`Copying the earlier console's store (${old}) into its PostgreSQL (npm run store:copy -- --pglite ${old})...`);
    const copy = spawnSync(process.execPath, [...script("store-copy", "scripts/store-copy.ts"), "--pglite", old], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: local.url },
    });
    if (copy.status !== 0) fail(`copying ${old} failed; the console did not start. Fix what it says, or move that folder away to start with an empty store.`);
  }
}

if (!dev && !existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("No build found: building the console (this takes a minute)...");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (build.status !== 0) fail("the build failed.");
}

const spawned: { console?: ChildProcess } = {};
let stopping = false;
// The console's own deadline is LABS_API_TIMEOUT_MS plus its margins (scripts/server.ts); past this, it is killed.
const STOP_WAIT_MS = env.LABS_API_TIMEOUT_MS + 15_000;

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function stop(code: number) {
  if (stopping) {
    if (spawned.console && running(spawned.console)) spawned.console.kill("SIGKILL");
    void local?.stop();
    process.exit(code || 1);
  }
  stopping = true;
  const force = setTimeout(() => {
    console.error("The console did not stop in time; killing it.");
    if (spawned.console && running(spawned.console)) spawned.console.kill("SIGKILL");
    void local?.stop();
    process.exit(1);
  }, STOP_WAIT_MS);
  force.unref();
  // The emulator outlives the console so that its calls in flight still get answers; PostgreSQL goes last.
  const child = spawned.console;
  if (child && running(child)) child.kill("SIGTERM");
  void (async () => {
    if (child && running(child)) await new Promise((r) => child.once("exit", r));
    const clean = !child || child.exitCode === 0 || child.signalCode === "SIGTERM";
    await emulator?.close().catch((error: unknown) => console.error("Labs emulator: error while closing:", error));
    await local?.stop();
    process.exit(code || (clean ? 0 : 1));
  })();
}

// CONSOLE_LOG_FILE (tests): a copy of everything printed, so a test can search the logs for the token.
const logCopy = process.env.CONSOLE_LOG_FILE ? createWriteStream(path.resolve(root, process.env.CONSOLE_LOG_FILE), { flags: "a" }) : null;
const childStdio = ["ignore", logCopy ? "pipe" : "inherit", logCopy ? "pipe" : "inherit"] as const;

function say(line: string) {
  console.log(line);
  logCopy?.write(`${line}\n`);
}

function watch(child: ChildProcess, name: string) {
  if (logCopy) {
    child.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      logCopy.write(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      logCopy.write(chunk);
    });
  }
  child.once("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped unexpectedly (${signal ?? `code ${code}`}); shutting down.`);
    stop(1);
  });
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

if (demo) {
  // In this process: a node process of its own would hold another copy of node's pages (60 MiB resident).
  const { createEmulator } = await import("@/emulator/server");
  const host = process.env.EMULATOR_HOST?.trim() || "127.0.0.1";
  const dbFile = process.env.EMULATOR_DB?.trim() || path.join(dataDir, "emulator.sqlite");
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const umask = process.umask(0o077);
  try {
    emulator = createEmulator({ token: childEnv.LABS_API_TOKEN!, dbFile });
  } catch (error) {
    fail(`the Labs emulator cannot open ${dbFile}: ${reason(error)}`);
  } finally {
    process.umask(umask);
  }
  try {
    say(`Labs emulator listening on ${(await emulator!.listen(env.EMULATOR_PORT, host)).url}`);
  } catch (error) {
    fail(`the Labs emulator cannot listen on ${host}:${env.EMULATOR_PORT}: ${reason(error)}`);
  }
  if (stopping) await new Promise(() => undefined);
  // A fault of the emulator's, now in this process, stops the stack as its own process's exit did.
  process.on("uncaughtException", (error) => {
    console.error("The Labs emulator stopped unexpectedly; shutting down.", error);
    stop(1);
  });
}

const consoleServer = (spawned.console = spawn(process.execPath, [...script("server", "scripts/server.ts"), ...(dev ? ["--dev"] : [])], {
  cwd: root,
  stdio: [...childStdio],
  env: childEnv,
}));
watch(consoleServer, "The console");
writeFileSync(
  path.join(dataDir, "pids.json"),
  `${JSON.stringify({ start: process.pid, console: consoleServer.pid ?? null, emulator: demo ? process.pid : null, postgres: local?.pid ?? null })}\n`,
);
const wildcard = !listenHost || listenHost === "0.0.0.0" || listenHost === "::";
const probeHost = wildcard ? "127.0.0.1" : listenHost.includes(":") ? `[${listenHost}]` : listenHost;
await waitFor(`http://${probeHost}:${env.PORT}/api/health`, {}, "The console", consoleServer, dev ? 180_000 : 60_000);

console.log(
  [
    "",
    `Labs console ready on http://${wildcard || listenHost === "127.0.0.1" || listenHost === "::1" ? "localhost" : probeHost}:${env.PORT}`,
    ...(demo && !env.HOST ? ["Listening on this machine only (127.0.0.1); set HOST=0.0.0.0 to open it to the network."] : []),
    demo
      ? `Demo mode: embedded Labs emulator with sample data (data in ${dataDir.startsWith(root) ? path.relative(root, dataDir) || "." : dataDir}).`
      : "Connected to the Labs platform at LABS_API_URL.",
    "Press Ctrl-C to stop.",
    "",
  ].join("\n"),
);
