import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { signIn } from "@/scripts/bench/http";
import { median, round } from "@/scripts/bench/stats";

// The demo stack as a newcomer runs it (`npm start`): the time to a page served, and the memory of every process it runs.

export interface TreeMemory {
  processes: number;
  /** Resident set sizes added up (shared pages count in each process: the upper bound). */
  rssMiB: number;
  /** Proportional set sizes added up (shared pages split between their users: what the stack costs the machine). */
  pssMiB: number;
  byProcess: { name: string; count: number; rssMiB: number; pssMiB: number }[];
}

function children(): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the parent id follows the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      out.set(ppid, [...(out.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function kib(file: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(file, "utf8"));
  return match ? Number(match[1]) : 0;
}

function processName(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const exe = args[0]?.split("/").pop() ?? "?";
  if (exe !== "node" && !exe.startsWith("node")) return exe;
  const script = args.slice(1).find((a) => !a.startsWith("-") && a !== "tsx" && !a.includes("preflight") && !a.includes("loader"));
  return `node ${script ? script.split("/").slice(-2).join("/") : "?"}`;
}

/** A process and all its descendants. */
export function processTree(pid: number): number[] {
  const tree = children();
  const pids: number[] = [];
  const walk = (p: number) => {
    pids.push(p);
    for (const c of tree.get(p) ?? []) walk(c);
  };
  walk(pid);
  return pids;
}

export function treeMemory(pid: number): TreeMemory {
  const pids = processTree(pid);
  let rss = 0;
  let pss = 0;
  let processes = 0;
  const kinds = new Map<string, { count: number; rss: number; pss: number }>();
  for (const p of pids) {
    try {
      const r = kib(`/proc/${p}/status`, "VmRSS");
      const s = kib(`/proc/${p}/smaps_rollup`, "Pss");
      rss += r;
      pss += s;
      processes++;
      const kind = kinds.get(processName(p)) ?? { count: 0, rss: 0, pss: 0 };
      kinds.set(processName(p), { count: kind.count + 1, rss: kind.rss + r, pss: kind.pss + s });
    } catch {
      // exited meanwhile
    }
  }
  const byProcess = [...kinds]
    .map(([name, k]) => ({ name, count: k.count, rssMiB: round(k.rss / 1024, 1), pssMiB: round(k.pss / 1024, 1) }))
    .sort((a, b) => b.rssMiB - a.rssMiB);
  return { processes, rssMiB: round(rss / 1024, 1), pssMiB: round(pss / 1024, 1), byProcess };
}

async function pageServed(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited during start-up (code ${child.exitCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: "manual" });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no page served at ${url} within ${timeoutMs / 1000} s`);
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ctrl-C as a terminal sends it: SIGINT to the whole process group; then wait until every process of it is gone. */
async function stopTree(child: ChildProcess) {
  const pgid = child.pid!;
  if (!groupAlive(pgid)) return;
  process.kill(-pgid, "SIGINT");
  const deadline = Date.now() + 60_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export interface DemoStackOptions {
  root: string;
  dataDir: string;
  port: number;
  emulatorPort: number;
  email: string;
  password: string;
  requests: number;
  restS: number;
  log: (line: string) => void;
}

export interface DemoStackResult {
  /** From the command to the login page served: a fresh data folder (PostgreSQL initialised, demo data written). */
  firstStartMs: number;
  /** The same on the data folder the first start left (what a newcomer's every later start costs). */
  startMs: number;
  idle: TreeMemory;
  afterLoad: TreeMemory;
  requests: number;
  failedRequests: number;
  afterLoadOverIdle: number;
  consoleIdleMiB: number;
  consoleAfterLoadMiB: number;
  /** Where the console's resident memory is (its /proc smaps_rollup, MiB): private dirty pages are its heaps. */
  consoleIdleDetail: Record<string, number>;
}

function startDemo(opts: DemoStackOptions): { child: ChildProcess; started: number } {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(opts.port), EMULATOR_PORT: String(opts.emulatorPort), DATA_DIR: opts.dataDir };
  for (const name of ["DATABASE_URL", "LABS_API_URL", "LABS_API_TOKEN", "AUTH_SECRET", "HOST", "CONSOLE_LOG_FILE"]) delete env[name];
  const started = performance.now();
  // Its own process group, as in a terminal, so that a stop reaches every process npm start runs.
  const child = spawn("npm", ["start"], { cwd: opts.root, env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  return { child, started };
}

/** A process's memory by kind of page, from /proc/<pid>/smaps_rollup (MiB). */
export function memoryDetail(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of ["Rss", "Pss", "Shared_Clean", "Shared_Dirty", "Private_Clean", "Private_Dirty", "Anonymous"]) {
    out[field] = round(kib(`/proc/${pid}/smaps_rollup`, field) / 1024, 1);
  }
  return out;
}

function consolePid(dataDir: string): number | null {
  try {
    return (JSON.parse(readFileSync(`${dataDir}/pids.json`, "utf8")) as { console?: number }).console ?? null;
  } catch {
    return null;
  }
}

async function walk(baseUrl: string, cookie: string, total: number): Promise<number> {
  const paths = ["/", "/warehouses", "/api/warehouses?page=1&limit=25", "/api/warehouses/2", "/erp", "/activity", "/api/activity?page=1&limit=25", "/api/erp/transfers?page=1&limit=25"];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < total) {
      const path = paths[next++ % paths.length]!;
      try {
        const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status >= 400) failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failed;
}

export async function measureDemoStack(opts: DemoStackOptions): Promise<DemoStackResult> {
  rmSync(opts.dataDir, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const timings: number[] = [];
  let result: Omit<DemoStackResult, "firstStartMs" | "startMs"> | undefined;
  // A fresh data folder, then three starts on it: the median of those is the figure for an ordinary start.
  for (let i = 0; i < 4; i++) {
    if (await answers(`${baseUrl}/login`)) throw new Error(`something already answers at ${baseUrl}: the previous start did not stop`);
    const { child, started } = startDemo(opts);
    try {
      await pageServed(`${baseUrl}/login`, child, 120_000);
      timings.push(round(performance.now() - started, 0));
      opts.log(`  start ${i === 0 ? "on a fresh data folder" : `#${i} on the same folder`}: ${timings[i]} ms to the login page`);
      if (i < 3) continue;
      // Idle: the first page is served; let start-up work (migrations, demo data, jobs' first runs) settle.
      await new Promise((r) => setTimeout(r, 8_000));
      // Periodic jobs open connections for a second or so every few seconds: the median of five readings a second apart.
      const readings: TreeMemory[] = [];
      for (let r = 0; r < 5; r++) {
        if (r) await new Promise((resolve) => setTimeout(resolve, 1000));
        readings.push(treeMemory(child.pid!));
      }
      const idle = [...readings].sort((a, b) => a.rssMiB - b.rssMiB)[2]!;
      opts.log(`  idle readings (MiB resident): ${readings.map((m) => `${m.rssMiB} (${m.processes})`).join(", ")}`);
      const pid = consolePid(opts.dataDir);
      const consoleIdleMiB = pid ? treeMemory(pid).rssMiB : Number.NaN;
      const consoleIdleDetail = pid ? memoryDetail(pid) : {};
      opts.log(`  the console's pages (MiB): ${JSON.stringify(consoleIdleDetail)}`);
      opts.log(`  idle: ${idle.rssMiB} MiB resident over ${idle.processes} processes (${idle.pssMiB} MiB proportional); the console alone ${consoleIdleMiB} MiB`);
      for (const k of idle.byProcess) opts.log(`    ${k.name} x${k.count}: ${k.rssMiB} MiB resident, ${k.pssMiB} proportional`);
      const session = await signIn(baseUrl, opts.email, opts.password);
      const failedRequests = await walk(baseUrl, session.cookie, opts.requests);
      await new Promise((r) => setTimeout(r, opts.restS * 1000));
      const afterLoad = treeMemory(child.pid!);
      const consoleAfterLoadMiB = pid ? treeMemory(pid).rssMiB : Number.NaN;
      opts.log(`  after ${opts.requests} signed-in requests and ${opts.restS} s of rest: ${afterLoad.rssMiB} MiB resident (${afterLoad.pssMiB} proportional); the console alone ${consoleAfterLoadMiB} MiB`);
      result = {
        idle,
        afterLoad,
        requests: opts.requests,
        failedRequests,
        afterLoadOverIdle: round(afterLoad.rssMiB / idle.rssMiB, 2),
        consoleIdleMiB,
        consoleAfterLoadMiB,
        consoleIdleDetail,
      };
    } finally {
      await stopTree(child);
    }
  }
  return { firstStartMs: timings[0]!, startMs: median(timings.slice(1)), ...result! };
}
