import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync, type WriteStream } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ensureLocalServer, type LocalServer } from "@/lib/db/local-server";

// Starts and stops emulator and console for the benchmark; for CPU profiles directly, so only the console runs under the profiler.

const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");

/** dist/'s plain JavaScript, as `npm start` runs it: built first when missing or older than its sources. */
export function builtScript(root: string, name: "start" | "emulator" | "server"): string {
  const built = spawnSync(process.execPath, [path.join(root, "scripts", "build-runtime.mjs"), "--if-stale"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("building dist/ failed");
  return path.join(root, "dist", `${name}.mjs`);
}

export interface StackOptions {
  root: string;
  port: number;
  emulatorPort: number;
  dataDir: string;
  token: string;
  authSecret: string;
  logFile: string;
  env?: Record<string, string>;
  nodeOptions?: string;
  cpuProfileDir?: string;
}

export interface UpstreamCallLine {
  t: string;
  operation: string;
  method: string;
  path: string;
  status: number | null;
  duration_ms: number;
}

export class Stack {
  private children: ChildProcess[] = [];
  private local: LocalServer | undefined;
  private log: WriteStream;
  upstreamCalls: UpstreamCallLine[] = [];

  constructor(private readonly opts: StackOptions) {
    this.log = createWriteStream(opts.logFile, { flags: "a" });
  }

  get token(): string {
    return this.opts.token;
  }

  setEnv(env: Record<string, string>): void {
    this.opts.env = { ...this.opts.env, ...env };
  }

  get consoleUrl(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  get emulatorUrl(): string {
    return `http://127.0.0.1:${this.opts.emulatorPort}`;
  }

  private baseEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.opts.port),
      EMULATOR_PORT: String(this.opts.emulatorPort),
      DATA_DIR: this.opts.dataDir,
      LABS_API_TOKEN: this.opts.token,
      LABS_API_URL: "",
      AUTH_SECRET: this.opts.authSecret,
      LOG_LEVEL: "info",
      ...this.opts.env,
    };
    // Nothing from the caller's shell may turn on single sign-on or profiling by accident.
    for (const key of Object.keys(env)) if (key.startsWith("AUTH_OIDC_")) delete env[key];
    delete env.NODE_OPTIONS;
    if (this.opts.nodeOptions) env.NODE_OPTIONS = this.opts.nodeOptions;
    delete env.CONSOLE_LOG_FILE;
    return env;
  }

  private pipe(child: ChildProcess, name: string, ready: RegExp): Promise<void> {
    this.children.push(child);
    return new Promise((resolve, reject) => {
      let buffered = "";
      const onData = (chunk: Buffer) => {
        this.log.write(chunk);
        buffered += chunk.toString("utf8");
        let nl: number;
        while ((nl = buffered.indexOf("\n")) !== -1) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          if (ready.test(line)) resolve();
          if (line.startsWith("{") && line.includes('"upstream call"')) {
            try {
              this.upstreamCalls.push(JSON.parse(line) as UpstreamCallLine);
            } catch {
              // not one of ours
            }
          }
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", (chunk: Buffer) => this.log.write(chunk));
      child.once("exit", (code, signal) => reject(new Error(`${name} exited during start-up (${signal ?? `code ${code}`}); see ${this.opts.logFile}`)));
      const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s; see ${this.opts.logFile}`)), 120_000);
      timer.unref();
    });
  }

  async start(): Promise<void> {
    const env = this.baseEnv();
    if (!this.opts.cpuProfileDir) {
      const child = spawn(process.execPath, [builtScript(this.opts.root, "start")], {
        cwd: this.opts.root,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      await this.pipe(child, "scripts/start.ts", /Labs console ready/);
      return;
    }
    // `next start` opens the store at DATABASE_URL only: the data folder's own server, as scripts/server.ts starts it.
    if (!env.DATABASE_URL) {
      this.local = await ensureLocalServer(this.opts.dataDir);
      env.DATABASE_URL = this.local.url;
    }
    const emulator = spawn(process.execPath, [builtScript(this.opts.root, "emulator")], {
      cwd: this.opts.root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    await this.pipe(emulator, "the emulator", /listening on/);
    const consoleServer = spawn(
      process.execPath,
      ["--cpu-prof", `--cpu-prof-dir=${this.opts.cpuProfileDir}`, nextBin, "start", "-p", String(this.opts.port)],
      { cwd: this.opts.root, env: { ...env, LABS_API_URL: this.emulatorUrl, LABS_DEMO_MODE: "1" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    await this.pipe(consoleServer, "the console", /Ready in/);
    await waitForHttp(`${this.consoleUrl}/api/ping`, 60_000);
  }

  /** The processes `scripts/start.ts` started (its pids.json), for CPU accounting; the profiled stack has its own two. */
  pids(): { console: number; emulator: number | null } {
    if (this.opts.cpuProfileDir) return { console: this.children[1]!.pid!, emulator: this.children[0]!.pid ?? null };
    const read = JSON.parse(readFileSync(path.join(this.opts.dataDir, "pids.json"), "utf8")) as { console: number; emulator: number | null };
    return { console: read.console, emulator: read.emulator };
  }

  async stop(): Promise<void> {
    const live = this.children.filter((c) => c.exitCode === null && c.signalCode === null);
    this.children = [];
    // The console first: a profiled console must write its profile while the emulator still runs.
    for (const child of live.reverse()) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 15_000).unref());
      if ((await Promise.race([exited, timeout])) === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    }
    await this.local?.stop();
    this.local = undefined;
  }

  async close(): Promise<void> {
    await this.stop();
    await new Promise<void>((resolve) => this.log.end(resolve));
  }
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function instanceEnv(o: { port: number; databaseUrl: string; authSecret: string; emulatorUrl: string; token: string; dataDir: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(o.port),
    HOST: "127.0.0.1",
    DATABASE_URL: o.databaseUrl,
    AUTH_SECRET: o.authSecret,
    LABS_API_URL: o.emulatorUrl,
    LABS_API_TOKEN: o.token,
    LABS_DEMO_MODE: "1",
    DATA_DIR: o.dataDir,
    LOG_LEVEL: "info",
    CONSOLE_LOG_FILE: "",
    ...extra,
  };
}
