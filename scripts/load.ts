// `npm run test:load`: load and soak of the built console under a V8 heap limit (LOAD_HEAP_MB), so a leak shows as growth; see docs/benchmarks.md "Load and soak".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { autocannon } from "@/scripts/bench/autocannon";
import { processTree } from "@/scripts/bench/demo-stack";
import { builtScript } from "@/scripts/bench/stack";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);

const PORT = 3240;
const EMULATOR_PORT = 4240;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENTS = 100;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const SOAK_CONNECTIONS = 20;
const SAMPLE_EVERY_MS = 10_000;
const LEVEL_TOLERANCE = 0.1;
const HEAP_MB = Number(process.env.LOAD_HEAP_MB ?? 256);
const ROUTES = [
  { name: "list", path: "/api/warehouses?page=1&limit=25" },
  { name: "detail", path: "/api/warehouses/2" },
  { name: "search", path: "/api/warehouses?q=istanbul&sort=name.asc" },
];

function log(message: string) {
  console.log(`[load ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

interface Memory {
  at: string;
  consoleRssMiB: number;
  consoleTreeRssMiB: number;
  emulatorRssMiB: number | null;
}

function memory(pids: { console: number; emulator: number | null }): Memory {
  const tree = processTree(pids.console);
  return {
    at: new Date().toISOString(),
    consoleRssMiB: rssMiB(pids.console),
    consoleTreeRssMiB: Math.round(tree.reduce((sum, p) => sum + (existsSync(`/proc/${p}`) ? rssMiB(p) : 0), 0) * 10) / 10,
    emulatorRssMiB: pids.emulator ? rssMiB(pids.emulator) : null,
  };
}

function cookiesOf(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function signIn(email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/warehouses" }),
  });
  cookiesOf(res, jar);
  if (!jar.has("authjs.session-token")) throw new Error(`sign-in of ${email} failed: HTTP ${res.status} ${res.headers.get("location")}`);
  const session = `authjs.session-token=${jar.get("authjs.session-token")}`;
  const check = await fetch(`${BASE}/api/warehouses/2`, { headers: { Cookie: session } });
  if (check.status !== 200) throw new Error(`the session of ${email} does not work: HTTP ${check.status}`);
  return session;
}

interface RunSummary {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  perRoute: Record<string, Record<string, number>>;
}

async function run(connections: number, seconds: number, sessions: string[]): Promise<RunSummary> {
  const perRoute: Record<string, Record<string, number>> = Object.fromEntries(ROUTES.map((r) => [r.name, {}]));
  let next = 0;
  const result = await autocannon({
    url: BASE,
    connections,
    duration: seconds,
    timeout: 30,
    requests: ROUTES.map((r) => ({ method: "GET", path: r.path })),
    setupClient: (client) => {
      const cookie = sessions[next++ % sessions.length]!;
      client.setRequests(
        ROUTES.map((r) => ({
          method: "GET",
          path: r.path,
          headers: { cookie },
          onResponse: (status: number) => {
            const counts = perRoute[r.name]!;
            counts[status] = (counts[status] ?? 0) + 1;
          },
        })),
      );
    },
  });
  return {
    connections,
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, average: result.latency.average, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
    perRoute,
  };
}

function levelOff(samples: { secondsIn: number; consoleTreeRssMiB: number }[], total: number) {
  const max = (from: number, to: number) =>
    Math.max(...samples.filter((s) => s.secondsIn > from && s.secondsIn <= to).map((s) => s.consoleTreeRssMiB));
  const lastMinuteMax = max(total - 60, total);
  const minuteBeforeMax = max(total - 120, total - 60);
  const growth = (lastMinuteMax - minuteBeforeMax) / minuteBeforeMax;
  const n = samples.length;
  const mx = samples.reduce((a, s) => a + s.secondsIn, 0) / n;
  const my = samples.reduce((a, s) => a + s.consoleTreeRssMiB, 0) / n;
  const slope = samples.reduce((a, s) => a + (s.secondsIn - mx) * (s.consoleTreeRssMiB - my), 0) / samples.reduce((a, s) => a + (s.secondsIn - mx) ** 2, 0);
  return {
    rule: `highest RSS of the last 60 s <= ${1 + LEVEL_TOLERANCE} x highest RSS of the 60 s before`,
    trendMiBPerMinute: Math.round(slope * 60 * 10) / 10,
    lastMinuteMaxMiB: lastMinuteMax,
    minuteBeforeMaxMiB: minuteBeforeMax,
    growthPercent: Math.round(growth * 1000) / 10,
    leveledOff: Number.isFinite(growth) && growth <= LEVEL_TOLERANCE,
  };
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    log("no build found: building the console");
    const build = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "labs-load-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    EMULATOR_PORT: String(EMULATOR_PORT),
    DATA_DIR: dataDir,
    LABS_API_URL: "",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    NODE_OPTIONS: [process.env.NODE_OPTIONS, HEAP_MB > 0 ? `--max-old-space-size=${HEAP_MB}` : ""].filter(Boolean).join(" "),
  };
  delete env.LABS_API_TOKEN;
  delete env.AUTH_SECRET;
  delete env.CONSOLE_LOG_FILE;
  log(`starting the console on ${BASE} and the emulator on ${EMULATOR_PORT} (data in ${dataDir}, heap limit ${HEAP_MB > 0 ? `${HEAP_MB} MiB` : "V8 default"})`);
  const server = spawn(process.execPath, [builtScript(root, "start")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const serverLog: string[] = [];
  server.stdout.on("data", (c: Buffer) => serverLog.push(c.toString()));
  server.stderr.on("data", (c: Buffer) => serverLog.push(c.toString()));
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  };

  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited during start-up:\n${serverLog.join("")}`);
      if (existsSync(path.join(dataDir, "pids.json"))) {
        const ok = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
        if (ok) break;
      }
      if (Date.now() > deadline) throw new Error("the console did not start within 120 s");
      await sleep(500);
    }
    const pids = JSON.parse(readFileSync(path.join(dataDir, "pids.json"), "utf8")) as { console: number; emulator: number | null };
    log(`console pid ${pids.console} (process tree ${processTree(pids.console).join(", ")}), emulator pid ${pids.emulator}`);

    // Successful sign-ins are not throttled, so 100 real (scrypt) sign-ins are practical a few at a time.
    const started = Date.now();
    const sessions: string[] = [];
    for (let i = 0; i < CLIENTS; i += 5) {
      sessions.push(...(await Promise.all(Array.from({ length: Math.min(5, CLIENTS - i) }, () => signIn("admin@demo.local", "demo-password")))));
    }
    const signInSeconds = (Date.now() - started) / 1000;
    log(`${sessions.length} clients signed in (${new Set(sessions).size} distinct sessions) in ${signInSeconds.toFixed(1)} s`);

    for (let i = 0; i < 20; i++) for (const r of ROUTES) await fetch(`${BASE}${r.path}`, { headers: { Cookie: sessions[i]! } });
    await sleep(2000);

    const memoryBefore = memory(pids);
    log(`memory before: console ${memoryBefore.consoleTreeRssMiB} MiB, emulator ${memoryBefore.emulatorRssMiB} MiB`);
    log(`load: ${CLIENTS} connections for ${LOAD_SECONDS} s over ${ROUTES.map((r) => r.path).join(", ")}`);
    const load = await run(CLIENTS, LOAD_SECONDS, sessions);
    const memoryAfter = memory(pids);
    log(
      `load: ${load.requestsPerSecond} req/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, ` +
        `${load.errors} errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx; memory after ${memoryAfter.consoleTreeRssMiB} MiB`,
    );

    log(`soak: ${SOAK_CONNECTIONS} connections for ${SOAK_SECONDS} s, RSS every ${SAMPLE_EVERY_MS / 1000} s`);
    const soakStart = Date.now();
    const samples: (Memory & { secondsIn: number })[] = [{ ...memory(pids), secondsIn: 0 }];
    const sampler = setInterval(() => {
      const m = { ...memory(pids), secondsIn: Math.round((Date.now() - soakStart) / 1000) };
      samples.push(m);
      log(`  ${m.secondsIn} s: console ${m.consoleTreeRssMiB} MiB`);
    }, SAMPLE_EVERY_MS);
    const soak = await run(SOAK_CONNECTIONS, SOAK_SECONDS, sessions);
    clearInterval(sampler);
    samples.push({ ...memory(pids), secondsIn: Math.round((Date.now() - soakStart) / 1000) });
    const level = levelOff(samples, SOAK_SECONDS);
    log(
      `soak: ${soak.requestsPerSecond} req/s, p50 ${soak.latencyMs.p50} ms, p99 ${soak.latencyMs.p99} ms, ${soak.errors} errors, ${soak.non2xx} non-2xx; ` +
        `RSS last minute max ${level.lastMinuteMaxMiB} MiB vs ${level.minuteBeforeMaxMiB} MiB the minute before (${level.growthPercent}%; trend ${level.trendMiBPerMinute} MiB/min): ${level.leveledOff ? "levels off" : "still growing"}`,
    );

    const failures = [
      ...(load.errors || load.timeouts || load.non2xx ? [`load: ${load.errors} errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx`] : []),
      ...(soak.errors || soak.timeouts || soak.non2xx ? [`soak: ${soak.errors} errors, ${soak.timeouts} timeouts, ${soak.non2xx} non-2xx`] : []),
      ...(level.leveledOff ? [] : [`soak: memory did not level off (${level.growthPercent}% in the last minute)`]),
    ];
    const report = {
      when: new Date().toISOString(),
      ok: failures.length === 0,
      failures,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, totalMemMiB: Math.round(os.totalmem() / 2 ** 20), loadAverage: os.loadavg(), node: process.version },
      setup: {
        console: BASE,
        emulatorPort: EMULATOR_PORT,
        routes: ROUTES,
        clients: CLIENTS,
        sessions: "one session cookie per client, each from its own sign-in (GET /api/auth/csrf, POST /api/auth/callback/credentials as admin@demo.local)",
        signInSeconds,
        upstreamTimeoutMs: Number(process.env.LABS_API_TIMEOUT_MS ?? 10_000),
        memoryMeasure: "VmRSS from /proc of the `next start` process and its descendants (pid from $DATA_DIR/pids.json)",
        heapLimitMiB: HEAP_MB > 0 ? HEAP_MB : "V8 default",
      },
      load: { ...load, memoryBefore, memoryAfter },
      soak: { ...soak, samples: samples.map((s) => ({ secondsIn: s.secondsIn, consoleTreeRssMiB: s.consoleTreeRssMiB, emulatorRssMiB: s.emulatorRssMiB })), levelOff: level },
    };
    mkdirSync(path.join(root, "bench", "results"), { recursive: true });
    writeFileSync(path.join(root, "bench", "results", "load-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    log(`results written to bench/results/load-latest.json${failures.length ? `; FAILED: ${failures.join("; ")}` : "; all checks passed"}`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
