// `npm run bench [-- --no-build | --profile]`: request overhead, search and transfer at scale, browser cost; see docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { summariseProfile, type ProfileSummary } from "@/scripts/bench/cpu-profile";
import { firstLoadJs, type FirstLoadJs } from "@/scripts/bench/first-load-js";
import { firstClickTargets, launchChromium, measureFirstClicks, type FirstClicks } from "@/scripts/bench/first-clicks";
import { EmulatorControl, signIn, type Session } from "@/scripts/bench/http";
import { autocannon, type CannonResult } from "@/scripts/bench/autocannon";
import { Stack } from "@/scripts/bench/stack";
import { measureDemoStack, memoryDetail, treeMemory, type DemoStackResult } from "@/scripts/bench/demo-stack";
import { cpuBetween, sampleCpu, type CpuSample } from "@/scripts/bench/cpu";
import { measureInstances, type InstancesResult } from "@/scripts/bench/instances";
import { coldBuild, INDEX_SCALE_COLD_QUERY, INDEX_SCALE_QUERIES, measureIndexMemory, measureIndexScale, warmSearches } from "@/scripts/bench/index-scale";
import { rootChunkBreakdown } from "@/scripts/bench/first-load-root";
import { measureTransferFloor } from "@/scripts/bench/transfer-floor";
import { measureOutcomes } from "@/scripts/bench/outcomes";
import { measureOutages, outageTargets, type OutagesResult } from "@/scripts/bench/outages";
import { measurePeakDay, peakDayTargets, type PeakDayResult } from "@/scripts/bench/peak-day";
import { measureObservability, observabilityTargets, type ObservabilityResult } from "@/scripts/bench/observability";
import { download, rssMiB, seedTrail, watch } from "@/scripts/bench/export";
import { createTestDatabase } from "@/test/test-database";
import { startThrowawayServer } from "@/lib/db/local-server";
import { coveredTime, maxOverlap, median, percentile, round, sum } from "@/scripts/bench/stats";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
}

const argv = process.argv.slice(2);
const config = {
  build: !argv.includes("--no-build"),
  profile: argv.includes("--profile"),
  // Also on a shared PostgreSQL server (TEST_DATABASE_URL's, or a throwaway one); `--embedded-only` skips it.
  postgres: !argv.includes("--embedded-only"),
  // `--only=overhead`, `--only=transfer`, `--only=instances`, `--only=demo-stack`, `--only=outcomes`, `--only=outages`, `--only=peak-day`, `--only=observability`, `--only=export` or `--only=first-clicks`: that part alone, printed and written to .bench-data/ (not to bench/results).
  only: argv.find((a) => a.startsWith("--only="))?.slice("--only=".length) ?? null,
  // With --only: also file that part's figures and target rows in bench/results/latest.json, under "parts", with its own commit and date.
  record: argv.includes("--record"),
  port: envInt("BENCH_PORT", 3230),
  emulatorPort: envInt("BENCH_EMULATOR_PORT", 4230),
  connections: envInt("BENCH_CONNECTIONS", 50),
  durationS: envInt("BENCH_DURATION", 15),
  rounds: envInt("BENCH_ROUNDS", 3),
  warmupS: 3,
  unloadedRequests: 300,
  warehouses: 10_000,
  warehousesAtScale: 100_000,
  orders: 10_000,
  warmUpOrders: 1_000,
  warmRequests: envInt("BENCH_WARM_REQUESTS", 50),
  coldSamples: 3,
  probeLatencyMs: 25,
  pageLoads: envInt("BENCH_PAGE_LOADS", 10),
};

const DEMO = { email: "admin@demo.local", password: process.env.DEMO_PASSWORD || "demo-password" };
const dataDir = path.join(root, ".bench-data");
const resultsDir = path.join(root, "bench", "results");

function step(message: string) {
  console.log(`[bench] ${message}`);
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<{ status: number; body: T; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as T;
  return { status: res.status, body, ms: performance.now() - t0 };
}

async function expectOk(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

async function unloaded(url: string, headers: Record<string, string>, n: number) {
  for (let i = 0; i < 30; i++) await expectOk(url, headers);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return { p50Ms: round(median(times), 2), p99Ms: round(percentile(times, 99), 2) };
}

interface Target {
  key: "emulator" | "emulatorList" | "ping" | "pingSession" | "list" | "detail";
  label: string;
  url: string;
  headers: Record<string, string>;
}

function overheadTargets(stack: Stack, session: Session, token: string): Target[] {
  const upstream = { Authorization: `Bearer ${token}` };
  const signedIn = { Cookie: session.cookie };
  return [
    { key: "emulator", label: "(a) emulator GET /v1/stores/1", url: `${stack.emulatorUrl}/v1/stores/1`, headers: upstream },
    { key: "emulatorList", label: "(a') emulator GET /v1/stores?page=1&limit=25", url: `${stack.emulatorUrl}/v1/stores?page=1&limit=25`, headers: upstream },
    { key: "ping", label: "(b) console GET /api/ping (framework floor)", url: `${stack.consoleUrl}/api/ping`, headers: {} },
    { key: "pingSession", label: "(b') console GET /api/ping/session (session check only)", url: `${stack.consoleUrl}/api/ping/session`, headers: signedIn },
    { key: "list", label: "(c) console GET /api/warehouses?page=1&limit=25", url: `${stack.consoleUrl}/api/warehouses?page=1&limit=25`, headers: signedIn },
    { key: "detail", label: "(d) console GET /api/warehouses/2", url: `${stack.consoleUrl}/api/warehouses/2`, headers: signedIn },
  ];
}

interface LoadResult {
  label: string;
  url: string;
  requestsPerSec: number;
  roundsPerSec: number[];
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  requestsAll: number;
  errors: number;
  non2xx: number;
  unloaded: { p50Ms: number; p99Ms: number };
}

async function prepare(target: Target) {
  await expectOk(target.url, target.headers);
  const quiet = await unloaded(target.url, target.headers, config.unloadedRequests);
  const warm = await autocannon({ url: target.url, connections: config.connections, duration: config.warmupS, headers: target.headers });
  return { quiet, requests: 1 + 30 + config.unloadedRequests + warm["2xx"] + warm.non2xx };
}

function summarise(target: Target, prepared: Awaited<ReturnType<typeof prepare>>, rounds: CannonResult[]): LoadResult {
  const ok = sum(rounds.map((r) => r["2xx"]));
  const non2xx = sum(rounds.map((r) => r.non2xx));
  return {
    label: target.label,
    url: target.url.replace(/^http:\/\/[^/]+/, ""),
    requestsPerSec: round(ok / sum(rounds.map((r) => r.duration)), 0),
    roundsPerSec: rounds.map((r) => round(r["2xx"] / r.duration, 0)),
    p50Ms: median(rounds.map((r) => r.latency.p50)),
    p99Ms: median(rounds.map((r) => r.latency.p99)),
    meanMs: round(sum(rounds.map((r) => r.latency.average * r["2xx"])) / Math.max(1, ok), 2),
    requests: ok,
    requestsAll: prepared.requests + ok + non2xx,
    errors: sum(rounds.map((r) => r.errors + r.timeouts)),
    non2xx,
    unloaded: prepared.quiet,
  };
}

async function load(target: Target): Promise<LoadResult> {
  const prepared = await prepare(target);
  const r = await autocannon({ url: target.url, connections: config.connections, duration: config.durationS, headers: target.headers });
  const result = summarise(target, prepared, [r]);
  step(`  ${target.label}: ${result.requestsPerSec} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
  return result;
}

async function measureOverhead(stack: Stack, session: Session, token: string) {
  const slice = config.durationS / config.rounds;
  step(
    `1. request overhead: ${config.connections} connections, ${config.durationS} s per target in ${config.rounds} interleaved rounds of ${round(slice, 1)} s (after ${config.warmupS} s warm-up)`,
  );
  const targets = overheadTargets(stack, session, token);
  const prepared = new Map<Target["key"], Awaited<ReturnType<typeof prepare>>>();
  for (const target of targets) prepared.set(target.key, await prepare(target));
  // Round-robin, so that the machine's other load (2 shared cores) falls on every target alike.
  const rounds = new Map<Target["key"], CannonResult[]>(targets.map((t) => [t.key, []]));
  const pids = stack.pids();
  const cpuPids: Record<string, number> = { console: pids.console, bench: process.pid, ...(pids.emulator ? { emulator: pids.emulator } : {}) };
  const cpu = new Map<Target["key"], CpuSample[]>(targets.map((t) => [t.key, []]));
  for (let i = 0; i < config.rounds; i++) {
    for (const target of targets) {
      const before = sampleCpu(cpuPids);
      rounds.get(target.key)!.push(await autocannon({ url: target.url, connections: config.connections, duration: slice, headers: target.headers }));
      cpu.get(target.key)!.push(cpuBetween(before, sampleCpu(cpuPids)));
    }
  }
  const out = {} as Record<Target["key"], LoadResult>;
  const cpuPerRequest = {} as Record<Target["key"], { machineMs: number; consoleMs: number; emulatorMs: number | null; benchClientMs: number; perRoundMachineMs: number[] }>;
  for (const target of targets) {
    out[target.key] = summarise(target, prepared.get(target.key)!, rounds.get(target.key)!);
    const r = out[target.key];
    const samples = cpu.get(target.key)!;
    const answered = rounds.get(target.key)!.map((x) => x["2xx"] + x.non2xx);
    const all = sum(answered);
    const part = (name: string) => round(sum(samples.map((x) => x.processes[name] ?? 0)) / all, 3);
    cpuPerRequest[target.key] = {
      machineMs: round(sum(samples.map((x) => x.machineMs)) / all, 3),
      consoleMs: part("console"),
      emulatorMs: pids.emulator ? part("emulator") : null,
      benchClientMs: part("bench"),
      perRoundMachineMs: samples.map((x, k) => round(x.machineMs / Math.max(1, answered[k]!), 3)),
    };
    const c = cpuPerRequest[target.key];
    step(
      `  ${target.label}: ${r.requestsPerSec} req/s (rounds ${r.roundsPerSec.join(", ")}), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, unloaded p50 ${r.unloaded.p50Ms} ms; CPU per request: machine ${c.machineMs} ms, console ${c.consoleMs}, emulator ${c.emulatorMs ?? "-"}, client ${c.benchClientMs}`,
    );
  }
  const machineOver = (a: Target["key"], b: Target["key"]) => round(cpuPerRequest[a].machineMs / cpuPerRequest[b].machineMs, 2);
  const machineOverPerRound = (a: Target["key"], b: Target["key"]) =>
    cpuPerRequest[a].perRoundMachineMs.map((v, i) => round(v / cpuPerRequest[b].perRoundMachineMs[i]!, 2));
  const perRequestMs = (r: LoadResult) => 1000 / r.requestsPerSec;
  const perRound = (a: LoadResult, b: LoadResult) => a.roundsPerSec.map((v, i) => round(v / b.roundsPerSec[i]!, 3));
  return {
    connections: config.connections,
    durationS: config.durationS,
    rounds: config.rounds,
    targets: out,
    cpuPerRequest,
    // Issue 16's measure: machine time per request against the framework floor's (at most 1.5).
    machineTime: {
      listOverPing: machineOver("list", "ping"),
      detailOverPing: machineOver("detail", "ping"),
      sessionPingOverPing: machineOver("pingSession", "ping"),
      listOverPingPerRound: machineOverPerRound("list", "ping"),
      detailOverPingPerRound: machineOverPerRound("detail", "ping"),
      consoleSplitMs: {
        floor: cpuPerRequest.ping.consoleMs,
        sessionCheck: round(cpuPerRequest.pingSession.consoleMs - cpuPerRequest.ping.consoleMs, 3),
        listBeyondSession: round(cpuPerRequest.list.consoleMs - cpuPerRequest.pingSession.consoleMs, 3),
        detailBeyondSession: round(cpuPerRequest.detail.consoleMs - cpuPerRequest.pingSession.consoleMs, 3),
      },
    },
    ratios: {
      sessionPingOverPing: round(out.pingSession.requestsPerSec / out.ping.requestsPerSec, 3),
      listOverPing: round(out.list.requestsPerSec / out.ping.requestsPerSec, 3),
      detailOverPing: round(out.detail.requestsPerSec / out.ping.requestsPerSec, 3),
      listOverPingPerRound: perRound(out.list, out.ping),
      detailOverPingPerRound: perRound(out.detail, out.ping),
      listOverEmulatorList: round(out.list.requestsPerSec / out.emulatorList.requestsPerSec, 3),
      detailOverEmulator: round(out.detail.requestsPerSec / out.emulator.requestsPerSec, 3),
    },
    consoleAdds: {
      listMsPerRequest: round(perRequestMs(out.list) - perRequestMs(out.emulatorList), 3),
      detailMsPerRequest: round(perRequestMs(out.detail) - perRequestMs(out.emulator), 3),
      pingMsPerRequest: round(perRequestMs(out.ping), 3),
      listUnloadedP50Ms: round(out.list.unloaded.p50Ms - out.emulatorList.unloaded.p50Ms, 2),
      detailUnloadedP50Ms: round(out.detail.unloaded.p50Ms - out.emulator.unloaded.p50Ms, 2),
    },
  };
}

async function measureSearch(stack: Stack, emu: EmulatorControl, session: Session, restart: (env?: Record<string, string>) => Promise<void>) {
  step(`2. search at scale: seeding ${config.warehouses} warehouses`);
  await emu.call("POST", "/seed", { warehouses: config.warehouses });
  // The overhead measurement's list calls built an index before the seeding: start with none.
  await restart();
  const cold = [];
  cold.push(await coldBuild(stack, emu, session, 0));
  step(`  cold #1: ${cold[0]!.ms} ms, ${cold[0]!.upstreamCalls} upstream calls`);
  const warm = await warmSearches(stack, emu, session, INDEX_SCALE_QUERIES, config.warmRequests, step);
  for (let i = 1; i < config.coldSamples; i++) {
    await restart();
    cold.push(await coldBuild(stack, emu, session, 0));
    step(`  cold #${i + 1} (after a restart): ${cold[i]!.ms} ms, ${cold[i]!.upstreamCalls} upstream calls`);
  }
  // With every page call held for a known time, the emulator's log shows how many calls the build had open at once.
  await restart();
  const probe = await coldBuild(stack, emu, session, config.probeLatencyMs);
  step(`  cold with ${config.probeLatencyMs} ms per upstream call: ${probe.ms} ms, ${probe.upstreamCalls} calls, at most ${probe.maxInFlight} in flight`);
  return {
    warehouses: cold[0]!.totalAll,
    coldQuery: INDEX_SCALE_COLD_QUERY,
    cold,
    coldMedianMs: round(median(cold.map((c) => c.ms)), 1),
    concurrencyProbe: probe,
    warm,
    warmWorstMedianMs: warm.worstMedianMs,
  };
}

interface RunSummary {
  id: string;
  state: string;
  status: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  totalBatches: number;
  batchesDone: number;
  counts: Record<string, number>;
}

async function measureTransfer(stack: Stack, emu: EmulatorControl, session: Session, upstreamLatencyMs = 0, orders = config.orders) {
  step(`3. transfer${orders < config.orders ? " (warm-up run, not counted)" : " at scale"}: seeding ${orders} orders${upstreamLatencyMs ? `; ${upstreamLatencyMs} ms added to each upstream transfer call` : ""}`);
  const seeded = await emu.call<{ orders: { ids: string[] } }>("POST", "/seed", { orders });
  const ids = seeded.orders.ids;
  const faultId = upstreamLatencyMs
    ? (await emu.call<{ id: number }>("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", latencyMs: upstreamLatencyMs })).id
    : null;
  const seq = await emu.clearLog();
  stack.upstreamCalls = [];
  // From the POST to the run's end, polling included; 10 ms ticks, so a tenth of a millisecond per batch either way.
  const pids = stack.pids();
  const cpuPids: Record<string, number> = { console: pids.console, bench: process.pid, ...(pids.emulator ? { emulator: pids.emulator } : {}) };
  const cpuBefore = sampleCpu(cpuPids);
  const t0 = performance.now();
  const res = await fetch(`${stack.consoleUrl}/api/erp/transfers`, {
    method: "POST",
    headers: { Cookie: session.cookie, Origin: stack.consoleUrl, "Content-Type": "application/json", "Idempotency-Key": `bench-${randomUUID()}` },
    body: JSON.stringify({ orderIds: ids }),
  });
  const created = (await res.json()) as { run: RunSummary };
  const createAnsweredMs = performance.now() - t0;
  if (res.status !== 201) throw new Error(`POST /api/erp/transfers answered ${res.status}: ${JSON.stringify(created).slice(0, 300)}`);
  let run = created.run;
  const deadline = Date.now() + 15 * 60_000;
  while (run.state !== "completed" && run.state !== "interrupted") {
    if (Date.now() > deadline) throw new Error("the transfer run did not finish within 15 minutes");
    await new Promise((r) => setTimeout(r, 250));
    run = (await getJson<{ run: RunSummary }>(`${stack.consoleUrl}/api/erp/transfers/${run.id}?limit=10`, { Cookie: session.cookie })).body.run;
  }
  const observedMs = performance.now() - t0;
  const cpuUsed = cpuBetween(cpuBefore, sampleCpu(cpuPids));
  if (faultId !== null) await emu.call("DELETE", `/faults/${faultId}`);
  const calls = (await emu.requestsSince(seq)).filter((e) => e.method === "POST" && e.path === "/v1/action/orders-erp-transfer");
  const emulatorMs = sum(calls.map((c) => c.durationMs + upstreamLatencyMs));
  const consoleSide = stack.upstreamCalls.filter((c) => c.path === "/v1/action/orders-erp-transfer");
  // Batches overlap (ERP_TRANSFER_IN_FLIGHT), so time is counted once; the console logs a call when it ends, `ms` after it began.
  const consoleIntervals = consoleSide.map((c) => ({ start: Date.parse(c.t) - c.duration_ms, end: Date.parse(c.t) }));
  const upstreamWallMs = coveredTime(consoleIntervals);
  const runMs = Date.parse(run.finishedAt!) - Date.parse(run.createdAt);
  const intervals = calls.map((c) => ({ start: Date.parse(c.at), end: Date.parse(c.at) + upstreamLatencyMs + c.durationMs }));
  const emulatorBusyMs = coveredTime(intervals);
  const result = {
    upstreamLatencyMs,
    orders: ids.length,
    batches: run.totalBatches,
    status: run.status,
    counts: run.counts,
    runMs,
    // From the run's creation (before its orders are stored) to a worker starting it: creation plus job pickup.
    startMs: run.startedAt ? Date.parse(run.startedAt) - Date.parse(run.createdAt) : null,
    createAnsweredMs: round(createAnsweredMs, 0),
    observedMs: round(observedMs, 0),
    upstreamCalls: calls.length,
    // The ratio is over the time the emulator had any call in hand: stricter than the summed time when calls overlap.
    emulatorMs: round(emulatorMs, 1),
    emulatorBusyCoveredMs: round(emulatorBusyMs, 1),
    mostCallsAtOnce: maxOverlap(intervals),
    upstreamWallMs: consoleSide.length ? round(upstreamWallMs, 0) : null,
    upstreamCallsSeenByConsole: consoleSide.length,
    ratio: round(runMs / emulatorBusyMs, 2),
    ratioOverSummedHandling: round(runMs / emulatorMs, 2),
    overheadPct: round(100 * (runMs / emulatorBusyMs - 1), 0),
    cpuMsPerBatch: {
      console: round((cpuUsed.processes.console ?? 0) / run.totalBatches, 2),
      emulator: round((cpuUsed.processes.emulator ?? 0) / run.totalBatches, 2),
      machine: round(cpuUsed.machineMs / run.totalBatches, 2),
    },
    consoleMsPerBatchOutsideUpstream: consoleSide.length ? round((runMs - upstreamWallMs) / run.totalBatches, 1) : null,
    // The same from the worker's start: the run's creation (storing its orders) and job pickup are paid once, not per batch.
    consoleMsPerBatchOutsideUpstreamOnceStarted:
      consoleSide.length && run.startedAt ? round((Date.parse(run.finishedAt!) - Date.parse(run.startedAt) - upstreamWallMs) / run.totalBatches, 2) : null,
  };
  step(`  ${result.orders} orders in ${result.batches} batches: ${runMs} ms (emulator's own ${result.emulatorMs} ms, ratio ${result.ratio})`);
  return result;
}

const INIT_SCRIPT = `
  window.__bench = { lcp: null, rows: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.lcp = e.renderTime || e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const seen = () => {
    if (window.__bench.rows !== null || window.__bench.rowsSeen) return;
    if (!document.querySelector('[data-testid="warehouse-row"]')) return;
    window.__bench.rowsSeen = true;
    // In the DOM now; the next frame is the first that can show it.
    requestAnimationFrame(() => { window.__bench.rows = performance.now(); });
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
`;

interface BrowserSample {
  ttfb: number;
  fcp: number | null;
  lcp: number | null;
  rows: number;
  domContentLoaded: number;
  load: number;
  jsBytes: number;
  jsFiles: number;
  rowCount: number;
}

async function measureBrowser(stack: Stack, session: Session, js: FirstLoadJs) {
  step(`4. browser: ${config.pageLoads} loads of /warehouses in headless Chromium`);
  const browser = await launchChromium();
  const loads: BrowserSample[] = [];
  try {
    for (let i = 0; i <= config.pageLoads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: session.name, value: session.value, url: stack.consoleUrl, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      await page.addInitScript(INIT_SCRIPT);
      await page.goto(`${stack.consoleUrl}/warehouses`, { waitUntil: "load" });
      await page.locator('[data-testid="warehouse-row"]').first().waitFor({ state: "visible" });
      await page.waitForFunction(() => (window as unknown as { __bench: { rows: number | null; lcp: number | null } }).__bench.rows !== null);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m: BrowserSample = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => r.initiatorType === "script" || /\.js(\?|$)/.test(r.name));
        const bench = (window as unknown as { __bench: { rows: number; lcp: number | null } }).__bench;
        return {
          ttfb: nav.responseStart,
          fcp: fcp?.startTime ?? null,
          lcp: bench.lcp,
          rows: bench.rows,
          domContentLoaded: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd,
          jsBytes: scripts.reduce((n, r) => n + r.encodedBodySize, 0),
          jsFiles: scripts.length,
          rowCount: document.querySelectorAll('[data-testid="warehouse-row"]').length,
        };
      });
      await context.close();
      if (i > 0) loads.push(m); // the first load warms the server's page code and is not counted
    }
  } finally {
    await browser.close();
  }
  const med = (f: (m: BrowserSample) => number | null) => round(median(loads.map(f).filter((v): v is number => v !== null)), 1);
  const result = {
    url: "/warehouses",
    loads: loads.length,
    ttfbMs: med((m) => m.ttfb),
    fcpMs: med((m) => m.fcp),
    lcpMs: med((m) => m.lcp),
    rowsShownMs: med((m) => m.rows),
    domContentLoadedMs: med((m) => m.domContentLoaded),
    loadMs: med((m) => m.load),
    lcpMaxMs: round(Math.max(...loads.map((m) => m.lcp ?? 0)), 1),
    rowsOnPage: loads[0]?.rowCount ?? 0,
    jsTransferredKiB: round((loads[0]?.jsBytes ?? 0) / 1024, 1),
    jsFiles: loads[0]?.jsFiles ?? 0,
    samples: loads.map((m) => ({ ttfb: round(m.ttfb, 1), lcp: m.lcp === null ? null : round(m.lcp, 1), rows: round(m.rows, 1) })),
  };
  step(`  TTFB ${result.ttfbMs} ms, LCP ${result.lcpMs} ms, rows shown ${result.rowsShownMs} ms (medians); ${result.jsTransferredKiB} KiB of JS over the wire`);
  return { firstLoadJs: js, warehouses: result };
}

const KIB = 1024;

interface Measured {
  meta: Record<string, unknown>;
  overhead: Awaited<ReturnType<typeof measureOverhead>>;
  search: Awaited<ReturnType<typeof measureSearch>>;
  indexScale: Awaited<ReturnType<typeof measureIndexScale>>;
  indexMemory: Awaited<ReturnType<typeof measureIndexMemory>>;
  transfer: Awaited<ReturnType<typeof measureTransfer>>;
  transferSlowUpstream: Awaited<ReturnType<typeof measureTransfer>>;
  transferFloor: Awaited<ReturnType<typeof measureFloor>>;
  browser: Awaited<ReturnType<typeof measureBrowser>>;
  firstClicks: FirstClicks;
  rootChunks: ReturnType<typeof rootChunkBreakdown>;
}

interface TargetRow {
  target: string;
  value: number | null;
  met: boolean;
}

interface StoreMeasured {
  store: "postgres";
  consoleIdleMiB: number;
  overhead: Awaited<ReturnType<typeof measureOverhead>>;
  transfer: Awaited<ReturnType<typeof measureTransfer>>;
}

type Results = Measured & {
  targets: TargetRow[];
  postgres: StoreMeasured | null;
  instances: InstancesResult | null;
  demoStack: DemoStackResult | null;
  /** All processes `npm start` runs, idle after start: resident MiB (the figure the memory target reads). */
  demoStackIdleMB: number | null;
};

async function runPostgres(): Promise<StoreMeasured> {
  const database = await createTestDatabase("labs_bench");
  const stack = newStack();
  stack.setEnv({ DATABASE_URL: database.url, LOG_LEVEL: "debug" });
  try {
    step("PostgreSQL store: starting the console with DATABASE_URL (a fresh database)");
    await stack.start();
    // Idle: start-up work settled, no request yet.
    await new Promise((r) => setTimeout(r, 10_000));
    const consoleIdleMiB = treeMemory(stack.pids().console).rssMiB;
    step(`  the console alone, idle: ${consoleIdleMiB} MiB resident`);
    const session = await signIn(stack.consoleUrl, DEMO.email, DEMO.password);
    const emu = new EmulatorControl(stack.emulatorUrl, stack.token);
    const overhead = await measureOverhead(stack, session, stack.token);
    await measureTransfer(stack, emu, session, 0, config.warmUpOrders);
    const transfer = await measureTransfer(stack, emu, session);
    return { store: "postgres", consoleIdleMiB, overhead, transfer };
  } finally {
    await stack.close();
    await database.drop().catch(() => undefined);
  }
}

/** Issue 16's targets, on the console's own local PostgreSQL ("embedded") and (when measured) on a shared server. */
function targetsOf(r: Measured, postgres: StoreMeasured | null, instances: InstancesResult | null, demo: DemoStackResult | null): TargetRow[] {
  const stores: [string, StoreMeasured["overhead"], StoreMeasured["transfer"]][] = [["embedded", r.overhead, r.transfer]];
  if (postgres) stores.push(["PostgreSQL", postgres.overhead, postgres.transfer]);
  const rows: TargetRow[] = [];
  for (const [store, o, t] of stores) {
    rows.push(
      { target: `${store}: list machine time per request <= 1.5x /api/ping's`, value: o.machineTime.listOverPing, met: o.machineTime.listOverPing <= 1.5 },
      { target: `${store}: detail machine time per request <= 1.5x /api/ping's`, value: o.machineTime.detailOverPing, met: o.machineTime.detailOverPing <= 1.5 },
      { target: `${store}: 10,000-order transfer <= 1.5x the emulator's own time`, value: t.ratio, met: t.ratio <= 1.5 },
      {
        target: `${store}: console work per batch outside the call <= 1 ms`,
        value: t.consoleMsPerBatchOutsideUpstream,
        met: t.consoleMsPerBatchOutsideUpstream !== null && t.consoleMsPerBatchOutsideUpstream <= 1,
      },
    );
  }
  rows.push(
    { target: "embedded: transfer with 50 ms per call <= 1.05x", value: r.transferSlowUpstream.ratio, met: r.transferSlowUpstream.ratio <= 1.05 },
    { target: "first load: shared part <= 110 KiB gzipped", value: round(r.browser.firstLoadJs.shared.gzipBytes / KIB, 1), met: r.browser.firstLoadJs.shared.gzipBytes <= 110 * KIB },
    ...firstClickTargets(r.firstClicks, r.browser.warehouses, r.browser.firstLoadJs.pages),
    {
      target: `warm search over ${r.indexScale.warehouses} warehouses < 50 ms (worst median)`,
      value: r.indexScale.warm.worstMedianMs,
      met: r.indexScale.warehouses >= 100_000 && r.indexScale.warm.worstMedianMs < 50,
    },
    {
      target: `cold build over ${r.indexScale.warehouses}: at most 4 upstream calls in flight`,
      value: r.indexScale.concurrencyProbe.maxInFlight ?? null,
      met: (r.indexScale.concurrencyProbe.maxInFlight ?? Infinity) <= 4,
    },
    { target: "index memory per 10,000 warehouses stated (MiB, after queries)", value: r.indexMemory.mibPer10k, met: Number.isFinite(r.indexMemory.mibPer10k) },
  );
  rows.push(
    { target: "10,000-order transfer <= 2.0x the emulator's busy time (local server)", value: r.transfer.ratio, met: r.transfer.ratio <= 2 },
    { target: "console CPU per transfer batch <= 3 ms (local server)", value: r.transfer.cpuMsPerBatch.console, met: r.transfer.cpuMsPerBatch.console <= 3 },
  );
  if (demo) {
    rows.push(
      ...demoMemoryTargets(demo),
      { target: `demo stack after ${demo.requests} signed-in requests and rest: <= 1.3x idle`, value: demo.afterLoadOverIdle, met: demo.afterLoadOverIdle <= 1.3 && demo.failedRequests === 0 },
      { target: "npm start with a build present, command to a page served: <= 8 s (ms, median of 3)", value: demo.startMs, met: demo.startMs <= 8000 },
    );
  }
  if (postgres) rows.push({ target: "the console alone on PostgreSQL, idle: <= 200 MB resident", value: postgres.consoleIdleMiB, met: postgres.consoleIdleMiB <= 200 });
  if (instances) {
    rows.push({ target: "two instances against one: list throughput ratio (reported)", value: instances.throughputRatio, met: true });
    rows.push({ target: "two instances against one: per console core (reported)", value: instances.perConsoleCoreRatio, met: true });
  }
  return rows;
}

function table(rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => (typeof c === "number" ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!))).join("  ")).join("\n");
}

function print(r: Results) {
  const o = r.overhead;
  const lines: string[] = [];
  lines.push("", `Request overhead (${o.connections} connections, ${o.durationS} s per target in ${o.rounds} interleaved rounds)`);
  lines.push(
    table([
      ["target", "req/s", "p50 ms", "p99 ms", "unloaded p50 ms", "machine CPU ms/req", "console ms/req"],
      ...(Object.keys(o.targets) as (keyof typeof o.targets)[]).map((k) => {
        const t = o.targets[k];
        return [t.label, t.requestsPerSec, t.p50Ms, t.p99Ms, t.unloaded.p50Ms, o.cpuPerRequest[k].machineMs, o.cpuPerRequest[k].consoleMs];
      }),
    ]),
  );
  lines.push(
    `(c)/(b) ${o.ratios.listOverPing} (rounds ${o.ratios.listOverPingPerRound.join(", ")})   (d)/(b) ${o.ratios.detailOverPing} (rounds ${o.ratios.detailOverPingPerRound.join(", ")})`,
    `(c)/(a') ${o.ratios.listOverEmulatorList}   (d)/(a) ${o.ratios.detailOverEmulator}   (b')/(b) ${o.ratios.sessionPingOverPing}`,
    `machine time per request over the floor's (b): list ${o.machineTime.listOverPing} (rounds ${o.machineTime.listOverPingPerRound.join(", ")}), detail ${o.machineTime.detailOverPing} (rounds ${o.machineTime.detailOverPingPerRound.join(", ")}), session check alone ${o.machineTime.sessionPingOverPing}`,
    `console CPU per request: floor ${o.machineTime.consoleSplitMs.floor} ms, + session check ${o.machineTime.consoleSplitMs.sessionCheck} ms, + list beyond it ${o.machineTime.consoleSplitMs.listBeyondSession} ms, + detail beyond it ${o.machineTime.consoleSplitMs.detailBeyondSession} ms`,
    `console adds per request (machine time): list ${o.consoleAdds.listMsPerRequest} ms, detail ${o.consoleAdds.detailMsPerRequest} ms; unloaded p50: list +${o.consoleAdds.listUnloadedP50Ms} ms, detail +${o.consoleAdds.detailUnloadedP50Ms} ms`,
  );
  const s = r.search;
  lines.push("", `Search over ${s.warehouses} warehouses (route handler, signed in)`);
  lines.push(
    table([
      ["query", "matches", "first ms", "median ms", "p95 ms"],
      ...s.warm.combos.map((c) => [c.label, c.matches, c.firstMs, c.medianMs, c.p95Ms]),
    ]),
  );
  lines.push(
    `cold (index built by the request): ${s.cold.map((c) => `${c.ms} ms`).join(", ")} (median ${s.coldMedianMs} ms); ${s.cold[0]!.upstreamCalls} upstream calls each`,
    `with ${s.concurrencyProbe.probeLatencyMs} ms per upstream call: ${s.concurrencyProbe.ms} ms, at most ${s.concurrencyProbe.maxInFlight} calls in flight; upstream calls during the warm requests: ${s.warm.upstreamCallsDuring}`,
  );
  const x = r.indexScale;
  lines.push("", `The index at scale: ${x.warehouses} warehouses (route handler, signed in)`);
  lines.push(
    table([
      ["query", "matches", "first ms", "median ms", "p95 ms"],
      ...x.warm.combos.map((c) => [c.label, c.matches, c.firstMs, c.medianMs, c.p95Ms]),
    ]),
  );
  lines.push(
    `cold build: ${x.cold.ms} ms, ${x.cold.upstreamCalls} upstream calls; with ${x.concurrencyProbe.probeLatencyMs} ms per page call: ${x.concurrencyProbe.ms} ms, at most ${x.concurrencyProbe.maxInFlight} in flight; upstream calls during the warm requests: ${x.warm.upstreamCallsDuring}`,
    `memory: ${r.indexMemory.mibPer10k} MiB per 10,000 warehouses after queries (${r.indexMemory.mibPer10kBuiltOnly} built only), ${r.indexMemory.bytesPerWarehouse} bytes a warehouse`,
  );
  const t = r.transfer;
  lines.push(
    "",
    `Transfer of ${t.orders} orders (${t.batches} batches, at most ${t.mostCallsAtOnce} calls at once): ${t.runMs} ms; emulator busy ${t.emulatorBusyCoveredMs} ms (handling summed ${t.emulatorMs} ms) -> ratio ${t.ratio} (+${t.overheadPct}%; over the sum ${t.ratioOverSummedHandling})`,
    `upstream calls as the console saw them (time with at least one on the wire): ${t.upstreamWallMs} ms; console time per batch outside any upstream call: ${t.consoleMsPerBatchOutsideUpstream} ms (${t.consoleMsPerBatchOutsideUpstreamOnceStarted} ms once started; creation and pickup ${t.startMs} ms)`,
    `CPU per batch, the run's creation included: console ${t.cpuMsPerBatch.console} ms, emulator ${t.cpuMsPerBatch.emulator} ms, whole machine ${t.cpuMsPerBatch.machine} ms (${cpus().length} cores)`,
  );
  const ts = r.transferSlowUpstream;
  lines.push(
    `with ${ts.upstreamLatencyMs} ms added to each upstream call: ${ts.runMs} ms; upstream busy ${ts.emulatorBusyCoveredMs} ms (summed ${ts.emulatorMs} ms, at most ${ts.mostCallsAtOnce} at once) -> ratio ${ts.ratio} (+${ts.overheadPct}%; over the sum ${ts.ratioOverSummedHandling}); ${ts.consoleMsPerBatchOutsideUpstream} ms per batch outside any call`,
  );
  lines.push(
    `floor (no console; sequential calls straight to the emulator): ${r.transferFloor.plain.map((f) => `${f.transport} ${f.ratio}`).join(", ")}; with 50 ms per call ${r.transferFloor.slowUpstream.map((f) => `${f.transport} ${f.ratio}`).join(", ")}`,
  );
  const b = r.browser;
  lines.push("", "First-load JavaScript per page (gzipped)");
  lines.push(
    table([
      ["page", "chunks", "raw KiB", "gzip KiB"],
      ["(framework root chunks)", b.firstLoadJs.shared.chunks, round(b.firstLoadJs.shared.rawBytes / KIB, 1), round(b.firstLoadJs.shared.gzipBytes / KIB, 1)],
      ...b.firstLoadJs.pages.map((p) => [p.route, p.chunks, round(p.rawBytes / KIB, 1), round(p.gzipBytes / KIB, 1)]),
    ]),
  );
  const w = b.warehouses;
  lines.push(
    `/warehouses in Chromium (median of ${w.loads}): TTFB ${w.ttfbMs} ms, FCP ${w.fcpMs} ms, LCP ${w.lcpMs} ms, rows shown ${w.rowsShownMs} ms; ${w.jsTransferredKiB} KiB JS over the wire`,
  );
  const f = r.firstClicks;
  lines.push(
    `first clicks (median of ${f.runs}): sign-in to the home page ${f.signInMs} ms (slowest ${f.signInMaxMs}; tiles filled ${f.homeSettledMs}), Home to Warehouses ${f.toWarehousesMs} ms (slowest ${f.toWarehousesMaxMs}); first run on a fresh server ${f.coldServer?.signInMs} and ${f.coldServer?.toWarehousesMs} ms; the home page prefetched ${f.homePrefetches.length}: ${f.homePrefetches.join(" ")}`,
  );
  lines.push(`root chunks by origin (gzip KiB): ${r.rootChunks.groups.map((g) => `${g.group} ${round(g.gzipBytes / KIB, 1)}`).join("; ")}`);
  if (r.postgres) {
    const p = r.postgres;
    lines.push(
      "",
      `PostgreSQL: machine time per request over the floor's: list ${p.overhead.machineTime.listOverPing}, detail ${p.overhead.machineTime.detailOverPing}; transfer ${p.transfer.ratio} (${p.transfer.consoleMsPerBatchOutsideUpstream} ms per batch outside the call)`,
    );
    lines.push("", "By store (the same run): request overhead and the 10,000-order transfer");
    lines.push(
      table([
        ["store", "(c)/(b) list over ping", "(d)/(b) detail over ping", "transfer ms", "emulator ms", "transfer ratio"],
        ["local server (npm start)", r.overhead.ratios.listOverPing, r.overhead.ratios.detailOverPing, r.transfer.runMs, r.transfer.emulatorMs, r.transfer.ratio],
        ["PostgreSQL server", p.overhead.ratios.listOverPing, p.overhead.ratios.detailOverPing, p.transfer.runMs, p.transfer.emulatorMs, p.transfer.ratio],
      ]),
    );
  }
  if (r.instances) {
    const i = r.instances;
    lines.push(
      "",
      `Two instances behind the balancer against one (PostgreSQL, ${i.url}): ${i.two.requestsPerSec} against ${i.one.requestsPerSec} req/s (${i.throughputRatio}x); console cores used ${i.two.consoleCores} against ${i.one.consoleCores}; per console core ${i.two.requestsPerConsoleCore} against ${i.one.requestsPerConsoleCore} (${i.perConsoleCoreRatio}x); machine cores busy ${i.two.machineCores} against ${i.one.machineCores}`,
    );
  }
  if (r.demoStack) {
    const d = r.demoStack;
    lines.push(
      "",
      `Demo stack (npm start): first start ${d.firstStartMs} ms, later starts ${d.startMs} ms (median) to the login page; idle ${d.idle.rssMiB} MiB resident over ${d.idle.processes} processes (${d.idle.pssMiB} MiB proportional), the console alone ${d.consoleIdleMiB} MiB; after ${d.requests} signed-in requests (${d.failedRequests} failed) and rest ${d.afterLoad.rssMiB} MiB (${d.afterLoadOverIdle}x)`,
    );
  }
  lines.push("", "Targets");
  lines.push(table([["target", "value", "met"], ...r.targets.map((x) => [x.target, x.value ?? "n/a", x.met ? "yes" : "NO"])]));
  console.log(lines.join("\n"));
}

function gitCommit(): string | null {
  const r = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

function build() {
  step("building the app (next build)");
  const nextBin = require.resolve("next/dist/bin/next");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("next build failed");
}

function newStack(extra: { cpuProfileDir?: string; nodeOptions?: string } = {}) {
  return new Stack({
    root,
    port: config.port,
    emulatorPort: config.emulatorPort,
    dataDir,
    token: randomBytes(24).toString("base64url"),
    authSecret: randomBytes(32).toString("base64url"),
    logFile: path.join(dataDir, "server.log"),
    ...extra,
  });
}

async function measureFloor(stack: Stack, emu: EmulatorControl) {
  step(`3c. transfer floor: ${config.orders} orders sent straight to the emulator in batches of 100, by fetch and by node:http (keep-alive)`);
  const seeded = await emu.call<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 2 * config.orders });
  const plain = await measureTransferFloor(stack.emulatorUrl, stack.token, emu, seeded.orders.ids);
  const slowSeed = await emu.call<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 2 * config.orders });
  const slow = await measureTransferFloor(stack.emulatorUrl, stack.token, emu, slowSeed.orders.ids, { latencyMs: 50 });
  for (const f of [...plain, ...slow]) step(`  ${f.transport}${slow.includes(f) ? " (+50 ms)" : ""}: ${f.wallMs} ms against ${f.emulatorMs} ms, ratio ${f.ratio}`);
  return { plain, slowUpstream: slow };
}

async function runAll(stack: Stack): Promise<Measured> {
  const meta = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    memoryGiB: round(totalmem() / 1024 ** 3, 1),
    loadAverageAtStart: loadavg().map((v) => round(v, 2)),
    ports: { console: config.port, emulator: config.emulatorPort },
  };
  step(`starting the emulator and the console (scripts/start.ts, ports ${config.port}/${config.emulatorPort}, fresh ${path.relative(root, dataDir)}/)`);
  await stack.start();
  const session = await signIn(stack.consoleUrl, DEMO.email, DEMO.password);
  const emu = new EmulatorControl(stack.emulatorUrl, stack.token);
  const restart = async (env?: Record<string, string>) => {
    await stack.stop();
    if (env) stack.setEnv(env);
    await stack.start();
  };

  const overhead = await measureOverhead(stack, session, stack.token);
  const search = await measureSearch(stack, emu, session, restart);
  step(`2b. the index at scale: ${config.warehousesAtScale} warehouses`);
  const indexScale = await measureIndexScale(stack, emu, session, {
    warehouses: config.warehousesAtScale,
    restart: () => restart(),
    warmRequests: config.warmRequests,
    probeLatencyMs: config.probeLatencyMs,
    log: (line) => step(`  ${line}`),
  });
  step("2c. the index's memory (a child process with --expose-gc, 10,000 and 100,000 generated warehouses)");
  const indexMemory = await measureIndexMemory([10_000, config.warehousesAtScale]);
  step(`  ${indexMemory.mibPer10k} MiB per 10,000 warehouses after queries (${indexMemory.mibPer10kBuiltOnly} built only; ${indexMemory.bytesPerWarehouse} bytes each)`);
  await restart({ LOG_LEVEL: "debug" });
  // One small run first, so that the measured one finds the transfer path loaded and compiled, as in a console that has been running.
  await measureTransfer(stack, emu, session, 0, config.warmUpOrders);
  const transfer = await measureTransfer(stack, emu, session);
  const transferSlowUpstream = await measureTransfer(stack, emu, session, 50);
  const transferFloor = await measureFloor(stack, emu);
  const browser = await measureBrowser(stack, session, firstLoadJs(root));
  const firstClicks = await runFirstClicks(stack);
  const rootChunks = rootChunkBreakdown(root);
  return {
    meta: { ...meta, loadAverageAtEnd: loadavg().map((v) => round(v, 2)) },
    overhead,
    search,
    indexScale,
    indexMemory,
    transfer,
    transferSlowUpstream,
    transferFloor,
    browser,
    firstClicks,
    rootChunks,
  };
}

interface ProfiledLoad {
  label: string;
  unit: "request" | "batch";
  units: number;
  requestsPerSec?: number;
  busyMsPerUnit: number;
  areasPerUnit: Record<string, number>;
  summary: ProfileSummary;
}

async function profileRun() {
  const out: Record<string, ProfiledLoad> = {};
  for (const key of (["ping", "pingSession", "list", "detail", "transfer"] as const).filter((k) => !config.only || k === config.only)) {
    const dir = path.join(dataDir, "profiles", key);
    mkdirSync(dir, { recursive: true });
    const stack = newStack({ cpuProfileDir: dir });
    try {
      await stack.start();
      const session = await signIn(stack.consoleUrl, DEMO.email, DEMO.password);
      let label: string;
      let unit: ProfiledLoad["unit"] = "request";
      let units: number;
      let requestsPerSec: number | undefined;
      let window: { fromUs: number; toUs: number } | undefined;
      if (key === "transfer") {
        label = `transfer run of ${config.orders} orders`;
        step(`profiling the console during a ${label}`);
        const emu = new EmulatorControl(stack.emulatorUrl, stack.token);
        await measureTransfer(stack, emu, session, 0, config.warmUpOrders);
        const fromUs = Number(process.hrtime.bigint() / 1000n);
        const t = await measureTransfer(stack, emu, session);
        window = { fromUs, toUs: Number(process.hrtime.bigint() / 1000n) };
        unit = "batch";
        units = t.batches;
      } else {
        const target = overheadTargets(stack, session, stack.token).find((t) => t.key === key)!;
        label = target.label;
        step(`profiling the console under ${label}`);
        const r = await load(target);
        units = r.requestsAll;
        requestsPerSec = r.requestsPerSec;
      }
      await stack.stop();
      const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
      if (!file) throw new Error(`no CPU profile written in ${dir}`);
      const summary = summariseProfile(path.join(dir, file), root, 20, window);
      out[key] = {
        label,
        unit,
        units,
        requestsPerSec,
        busyMsPerUnit: round(summary.busyMs / units, 3),
        areasPerUnit: Object.fromEntries(summary.areas.map((a) => [a.area, round(a.selfMs / units, 3)])),
        summary,
      };
    } finally {
      await stack.close();
    }
  }
  return {
    meta: { date: new Date().toISOString(), commit: gitCommit(), node: process.version, cpus: cpus().length },
    note:
      "Each profile covers the console process's whole life (start-up, sign-in, unloaded, warm-up and measured requests) under node --cpu-prof, " +
      "which slows it down: compare areas and per-request CPU between profiles, not throughput with the unprofiled run.",
    profiles: out,
  };
}

function printProfile(profile: Awaited<ReturnType<typeof profileRun>>) {
  const p = profile.profiles;
  const areas = [...new Set(Object.values(p).flatMap((x) => Object.keys(x.areasPerUnit)))];
  const requestKeys = (["ping", "pingSession", "list", "detail"] as const).filter((k) => p[k]);
  console.log("\nCPU of the console per request, by area (ms; self time)");
  console.log(
    table([
      ["area", ...requestKeys, ...(p.ping ? requestKeys.filter((k) => k !== "ping").map((k) => `${k} - ping`) : [])],
      ...areas
        .map((a) => [
          a,
          ...requestKeys.map((k) => p[k]!.areasPerUnit[a] ?? 0),
          ...(p.ping ? requestKeys.filter((k) => k !== "ping").map((k) => round((p[k]!.areasPerUnit[a] ?? 0) - (p.ping!.areasPerUnit[a] ?? 0), 3)) : []),
        ])
        .sort((x, y) => Number(y[2] ?? 0) - Number(x[2] ?? 0)),
      ["total (busy)", ...requestKeys.map((k) => p[k]!.busyMsPerUnit), ...(p.ping ? requestKeys.filter((k) => k !== "ping").map((k) => round(p[k]!.busyMsPerUnit - p.ping!.busyMsPerUnit, 3)) : [])],
    ]),
  );
  for (const x of Object.values(p)) {
    console.log(`\n${x.label}: ${x.busyMsPerUnit} ms CPU per ${x.unit} (${x.units} ${x.unit}s)`);
    console.log(table([["function (self)", "where", "self ms", "% busy"], ...x.summary.top.slice(0, 12).map((f) => [f.name, f.where.slice(-70), f.selfMs, f.selfPct])]));
    console.log(table([["function (inclusive, synchronous part)", "where", "total ms", "% busy"], ...x.summary.inclusive.slice(0, 12).map((f) => [f.name, f.where.slice(-70), f.totalMs, f.busyPct])]));
  }
}

function runInstances(): Promise<InstancesResult> {
  return measureInstances({
    root,
    dataDir,
    basePort: config.port + 100,
    token: randomBytes(24).toString("base64url"),
    authSecret: randomBytes(32).toString("base64url"),
    connections: config.connections,
    durationS: config.durationS,
    rounds: config.rounds,
    warmupS: config.warmupS,
    demo: DEMO,
    step,
  });
}

async function runPeakDay() {
  const result = await measurePeakDay({
    root,
    dataDir,
    basePort: config.port + 300,
    token: randomBytes(24).toString("base64url"),
    authSecret: randomBytes(32).toString("base64url"),
    demo: DEMO,
    orders: envInt("BENCH_PEAK_ORDERS", 50_000),
    log: step,
  });
  return { ...result, meta: { ...result.meta, commit: gitCommit() } };
}

function runDemoStack(): Promise<DemoStackResult> {
  step("5. the demo stack: npm start on a fresh data folder, then three more starts on it; memory idle and after a walk");
  return measureDemoStack({
    root,
    dataDir: path.join(dataDir, "demo-stack"),
    port: config.port + 200,
    emulatorPort: config.emulatorPort + 200,
    email: DEMO.email,
    password: DEMO.password,
    requests: 2000,
    restS: 30,
    log: step,
  });
}

// No console: the store's own code over a database of its own on the throwaway (or TEST_DATABASE_URL's) server.
async function runOutcomes() {
  step("outcomes at scale: 1,000,000 stored order outcomes, 100,000 open exceptions; order history and the failures inbox");
  if (!process.env.TEST_DATABASE_URL?.trim()) {
    throwaway = await startThrowawayServer();
    process.env.TEST_DATABASE_URL = throwaway.url;
  }
  const database = await createTestDatabase("labs_bench");
  try {
    return await measureOutcomes({ databaseUrl: database.url, log: step });
  } finally {
    await database.drop().catch(() => undefined);
  }
}

const EXPORT_EVENTS = 300_000;

async function measureOneExport(stack: Stack, cookie: string, format: "csv" | "xlsx") {
  const pid = stack.pids().console;
  await new Promise((r) => setTimeout(r, 3000));
  const rssBeforeMiB = rssMiB(pid);
  const seen = watch(stack.consoleUrl, pid);
  const got = await download(`${stack.consoleUrl}/api/activity/export?format=${format}`, cookie);
  const w = await seen.stop();
  if (got.status !== 200) throw new Error(`the ${format} export answered ${got.status}: ${got.body.toString("utf8").slice(0, 300)}`);
  const result = {
    bytes: got.body.length,
    seconds: round(got.ms / 1000, 1),
    firstByteMs: round(got.firstByteMs, 0),
    rssBeforeMiB,
    rssPeakMiB: w.rssPeakMiB ?? Number.NaN,
    growthMiB: round((w.rssPeakMiB ?? Number.NaN) - rssBeforeMiB, 1),
    healthWorstMs: w.healthWorstMs,
    healthAnswers: w.healthAnswers,
  };
  step(
    `  ${format}: ${round(result.bytes / 1024 / 1024, 1)} MiB in ${result.seconds} s (first byte ${result.firstByteMs} ms); console RSS ${rssBeforeMiB} -> ${result.rssPeakMiB} MiB (+${result.growthMiB}); /api/health worst ${result.healthWorstMs} ms over ${result.healthAnswers} answers`,
  );
  return result;
}

async function runExport() {
  step(`export: a ${EXPORT_EVENTS.toLocaleString("en")}-event activity trail as .xlsx and as CSV; the console's memory and /api/health meanwhile`);
  if (!process.env.TEST_DATABASE_URL?.trim()) {
    throwaway = await startThrowawayServer();
    process.env.TEST_DATABASE_URL = throwaway.url;
  }
  const database = await createTestDatabase("labs_bench");
  // The heap limit docs/operating.md asks for in production, and the one review 3 saw the old export die under.
  const stack = newStack({ nodeOptions: "--max-old-space-size=256" });
  stack.setEnv({ DATABASE_URL: database.url });
  try {
    await stack.start();
    const session = await signIn(stack.consoleUrl, DEMO.email, DEMO.password);
    // Warm: each route's code loaded once, so the figures are the export's and not the first request's.
    for (const format of ["csv", "xlsx"]) await download(`${stack.consoleUrl}/api/activity/export?action=auth.sign_in&format=${format}`, session.cookie);
    for (let i = 0; i < 3; i++) await (await fetch(`${stack.consoleUrl}/api/health`)).arrayBuffer();
    const t0 = performance.now();
    await seedTrail(database.url, EXPORT_EVENTS);
    step(`  seeded ${EXPORT_EVENTS.toLocaleString("en")} audit events in ${round((performance.now() - t0) / 1000, 1)} s`);
    return {
      meta: { date: new Date().toISOString(), commit: gitCommit(), loadAverageAtStart: loadavg().map((v) => round(v, 2)) },
      events: EXPORT_EVENTS,
      xlsx: await measureOneExport(stack, session.cookie, "xlsx"),
      csv: await measureOneExport(stack, session.cookie, "csv"),
    };
  } finally {
    await stack.close();
    await database.drop().catch(() => undefined);
  }
}

async function runFirstClicks(stack: Stack): Promise<FirstClicks> {
  step(`6. first clicks in headless Chromium: sign-in to the home page, then Home to Warehouses (${config.pageLoads} runs)`);
  return measureFirstClicks({ consoleUrl: stack.consoleUrl, email: DEMO.email, password: DEMO.password, runs: config.pageLoads, log: step });
}

// The browser figures measure the build and the pages, not the store: one stack on the console's own PostgreSQL.
async function runFirstClicksPart() {
  const stack = newStack();
  try {
    await stack.start();
    const js = firstLoadJs(root);
    const largest = [...js.pages].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
    step(`first-load JS, largest pages: ${largest.map((p) => `${p.route} ${round(p.gzipBytes / KIB, 1)} KiB`).join(", ")}`);
    const browser = await measureBrowser(stack, await signIn(stack.consoleUrl, DEMO.email, DEMO.password), js);
    return { meta: { date: new Date().toISOString(), commit: gitCommit(), loadAverageAtStart: loadavg().map((v) => round(v, 2)) }, browser, firstClicks: await runFirstClicks(stack) };
  } finally {
    await stack.close();
  }
}

async function directSendFloor(stack: Stack, emu: EmulatorControl) {
  const seeded = await emu.call<{ orders: { ids: string[] } }>("POST", "/seed", { orders: config.orders });
  const [floor] = await measureTransferFloor(stack.emulatorUrl, stack.token, emu, seeded.orders.ids, { fetchOnly: true });
  step(`  direct-send floor: ${floor!.batches} batches in ${floor!.wallMs} ms (emulator's own ${floor!.emulatorMs} ms)`);
  return floor!;
}

async function measureTransferPart(stack: Stack, session: Session) {
  const emu = new EmulatorControl(stack.emulatorUrl, stack.token);
  await measureTransfer(stack, emu, session, 0, config.warmUpOrders);
  const floorBefore = await directSendFloor(stack, emu);
  const plain = await measureTransfer(stack, emu, session);
  const floorAfter = await directSendFloor(stack, emu);
  const floorWallMs = Math.min(floorBefore.wallMs, floorAfter.wallMs);
  const wallOverFloor = round(plain.runMs / floorWallMs, 2);
  step(`  console CPU per batch ${plain.cpuMsPerBatch.console} ms; run ${plain.runMs} ms over the direct-send floor's ${floorWallMs} ms: ${wallOverFloor}x`);
  return { plain, floor: { before: floorBefore, after: floorAfter, wallMs: floorWallMs }, wallOverFloor, slowUpstream: await measureTransfer(stack, emu, session, 50) };
}

async function runOnly(part: string): Promise<unknown> {
  if (part === "first-clicks") return runFirstClicksPart();
  if (part === "instances") return runInstances();
  if (part === "demo-stack") return runDemoStack();
  if (part === "outcomes") return runOutcomes();
  if (part === "export") return runExport();
  if (part === "outages") return measureOutages({ newStack, demo: DEMO, log: step });
  if (part === "peak-day") return runPeakDay();
  if (part === "observability") {
    const meta = { date: new Date().toISOString(), commit: gitCommit(), loadAverageAtStart: loadavg().map((v) => round(v, 2)) };
    const measured = await measureObservability({
      newStack,
      demo: DEMO,
      log: step,
      rounds: 2 * envInt("BENCH_OBS_PAIRS", 4),
      sliceS: envInt("BENCH_OBS_SLICE", 6),
      warmupS: 2,
      connections: config.connections,
      scrapeEveryMs: 3000,
      on: (process.env.BENCH_OBS_ON as "metrics" | "traces" | undefined) || "both",
    });
    return { meta, ...measured };
  }
  const parts: Record<string, (stack: Stack, session: Session) => Promise<unknown>> = {
    overhead: (stack, session) => measureOverhead(stack, session, stack.token),
    transfer: (stack, session) => measureTransferPart(stack, session),
  };
  const measure = parts[part];
  if (!measure) throw new Error(`--only=${part}: one of ${[...Object.keys(parts), "instances", "demo-stack", "outcomes", "outages", "peak-day", "observability", "export", "first-clicks"].join(", ")}`);
  const out: Record<string, unknown> = {};
  // The transfer reads the console's upstream call lines (logged at debug).
  const logLevel: Record<string, string> = part === "transfer" ? { LOG_LEVEL: "debug" } : {};
  const stack = newStack();
  stack.setEnv(logLevel);
  try {
    await stack.start();
    out.embedded = await measure(stack, await signIn(stack.consoleUrl, DEMO.email, DEMO.password));
  } finally {
    await stack.close();
  }
  if (config.postgres) {
    const database = await createTestDatabase("labs_bench");
    const pg = newStack();
    pg.setEnv({ DATABASE_URL: database.url, ...logLevel });
    try {
      await pg.start();
      await new Promise((r) => setTimeout(r, 10_000));
      out.postgresConsoleIdleMiB = treeMemory(pg.pids().console).rssMiB;
      out.postgresConsoleIdleDetail = memoryDetail(pg.pids().console);
      step(`  the console alone on PostgreSQL, idle: ${String(out.postgresConsoleIdleMiB)} MiB resident`);
      out.postgres = await measure(pg, await signIn(pg.consoleUrl, DEMO.email, DEMO.password));
    } finally {
      await pg.close();
      await database.drop().catch(() => undefined);
    }
  }
  return out;
}

const MB = 1_000_000 / 2 ** 20;

function demoMemoryTargets(d: DemoStackResult): TargetRow[] {
  return [
    { target: "demo stack (all processes npm start runs), idle: <= 450 MB resident (MB)", value: round(d.idle.rssMiB / MB, 1), met: d.idle.rssMiB / MB <= 450 },
    { target: "demo stack, idle: <= 300 MiB proportional", value: d.idle.pssMiB, met: d.idle.pssMiB <= 300 },
    { target: "the console alone in the demo stack, idle: <= 200 MB resident (MB)", value: round(d.consoleIdleMiB / MB, 1), met: d.consoleIdleMiB / MB <= 200 },
    { target: `the console alone after ${d.requests} signed-in requests and rest: <= 1.3x idle`, value: round(d.consoleAfterLoadMiB / d.consoleIdleMiB, 2), met: d.consoleAfterLoadMiB <= 1.3 * d.consoleIdleMiB },
  ];
}

/** One part's figures and target rows, filed in latest.json beside the last full run's (each part says its own commit). */
function partTargets(name: string, part: unknown): TargetRow[] {
  const targets: TargetRow[] = [];
  if (name === "demo-stack") {
    const d = part as DemoStackResult;
    targets.push(
      ...demoMemoryTargets(d),
      { target: `demo stack after ${d.requests} signed-in requests and rest: <= 1.3x idle`, value: d.afterLoadOverIdle, met: d.afterLoadOverIdle <= 1.3 && d.failedRequests === 0 },
      { target: "npm start with a build present, command to a page served: <= 8 s (ms, median of 3)", value: d.startMs, met: d.startMs <= 8000 },
    );
  }
  if (name === "transfer") {
    type Pass = Awaited<ReturnType<typeof measureTransferPart>>;
    const t = part as { embedded: Pass; postgres?: Pass; postgresConsoleIdleMiB?: number };
    if (t.postgresConsoleIdleMiB !== undefined) {
      targets.push({ target: "the console alone on PostgreSQL, idle: <= 200 MB resident", value: t.postgresConsoleIdleMiB, met: t.postgresConsoleIdleMiB <= 200 });
    }
    for (const [label, pass] of [["own PostgreSQL", t.embedded], ["PostgreSQL server", t.postgres]] as const) {
      if (!pass) continue;
      const cpu = pass.plain.cpuMsPerBatch.console;
      targets.push(
        { target: `10,000-order transfer: console CPU per batch <= 2 ms (${label})`, value: cpu, met: cpu <= 2 },
        { target: `10,000-order transfer: run wall time / direct-send floor <= 1.5x (${label})`, value: pass.wallOverFloor, met: pass.wallOverFloor <= 1.5 },
      );
    }
  }
  if (name === "first-clicks") {
    const f = part as Awaited<ReturnType<typeof runFirstClicksPart>>;
    targets.push(...firstClickTargets(f.firstClicks, f.browser.warehouses, f.browser.firstLoadJs.pages));
  }
  if (name === "outcomes") {
    const o = part as Awaited<ReturnType<typeof measureOutcomes>>;
    targets.push(
      { target: `order-id search over ${o.storage.rows} stored order outcomes < 50 ms (ms, median, warm)`, value: o.search.medianMs, met: o.storage.rows >= 1_000_000 && o.search.medianMs < 50 },
      { target: `inbox grouping of ${o.inbox.openExceptions} open exceptions < 200 ms (ms, median)`, value: o.inbox.medianMs, met: o.inbox.openExceptions >= 100_000 && o.inbox.medianMs < 200 },
      { target: "stored bytes per order outcome stated (table and indexes)", value: o.storage.bytesPerOutcome, met: Number.isFinite(o.storage.bytesPerOutcome) },
      { target: `reconciling ${o.reconcile.shape.expected} expected orders against ${o.storage.rows} stored outcomes <= 5 s of console time (ms, median)`, value: o.reconcile.medianMs, met: o.storage.rows >= 1_000_000 && o.reconcile.medianMs <= 5000 },
      { target: "the console's memory growth during that reconciliation <= 100 MB (MiB, worst)", value: o.reconcile.worstGrowthMiB, met: o.reconcile.worstGrowthMiB <= 95.4 },
      { target: `the order-age tile over ${o.storage.rows} stored outcomes < 100 ms (ms, median)`, value: o.reconcile.orderAge.medianMs, met: o.storage.rows >= 1_000_000 && o.reconcile.orderAge.medianMs < 100 },
    );
  }
  if (name === "outages") targets.push(...outageTargets(part as OutagesResult));
  if (name === "peak-day") targets.push(...peakDayTargets(part as PeakDayResult));
  if (name === "observability") targets.push(...observabilityTargets(part as ObservabilityResult));
  if (name === "export") {
    const e = part as Awaited<ReturnType<typeof runExport>>;
    for (const format of ["xlsx", "csv"] as const) {
      const f = e[format];
      targets.push(
        { target: `${e.events.toLocaleString("en")}-event trail exported as ${format} (capped): console memory growth < 50 MB (MiB)`, value: f.growthMiB, met: f.growthMiB < 50 },
        { target: `worst /api/health answer during the ${format} export < 200 ms (ms)`, value: f.healthWorstMs, met: f.healthWorstMs < 200 },
      );
    }
  }
  return targets;
}

function printTargets(targets: readonly TargetRow[]) {
  if (targets.length) console.log(table([["target", "value", "met"], ...targets.map((x) => [x.target, x.value ?? "n/a", x.met ? "yes" : "NO"])]));
}

function recordPart(name: string, part: unknown) {
  const file = path.join(resultsDir, "latest.json");
  const latest = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> & { parts?: Record<string, unknown> };
  const meta = { date: new Date().toISOString(), commit: gitCommit(), node: process.version, cpus: cpus().length, loadAverage: loadavg().map((v) => round(v, 2)) };
  const targets = partTargets(name, part);
  if (name === "demo-stack") latest.demoStackIdleMB = (part as DemoStackResult).idle.rssMiB;
  latest.parts = { ...latest.parts, [name]: { meta, targets, result: part } };
  writeFileSync(file, `${JSON.stringify(latest, null, 2)}\n`);
  printTargets(targets);
  console.log(`filed under parts.${name} in ${path.relative(root, file)}`);
}

let throwaway: Awaited<ReturnType<typeof startThrowawayServer>> | undefined;

async function main() {
  if (config.postgres && !process.env.TEST_DATABASE_URL?.trim()) {
    throwaway = await startThrowawayServer();
    process.env.TEST_DATABASE_URL = throwaway.url;
  }
  // The outcomes part measures the store alone: no console, so no build.
  const needsBuild = config.only !== "outcomes";
  if (config.build && needsBuild) build();
  if (needsBuild && !existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no build in .next: run without --no-build");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(resultsDir, { recursive: true });

  if (config.profile) {
    const profile = await profileRun();
    const file = config.only ? path.join(dataDir, `profile-${config.only}.json`) : path.join(resultsDir, "profile.json");
    writeFileSync(file, `${JSON.stringify(profile, null, 2)}\n`);
    printProfile(profile);
    console.log(`\nwrote ${path.relative(root, file)}`);
    return;
  }

  if (config.only) {
    const part = await runOnly(config.only);
    writeFileSync(path.join(dataDir, `only-${config.only}.json`), `${JSON.stringify(part, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(root, path.join(dataDir, `only-${config.only}.json`))}`);
    if (config.record) recordPart(config.only, part);
    else printTargets(partTargets(config.only, part));
    return;
  }

  const stack = newStack();
  let measured: Measured;
  try {
    measured = await runAll(stack);
  } finally {
    await stack.close();
  }
  let postgres: StoreMeasured | null = null;
  if (config.postgres) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    postgres = await runPostgres();
  }
  const instances = config.postgres ? await runInstances() : null;
  const demoStack = await runDemoStack();
  const results: Results = {
    ...measured,
    targets: targetsOf(measured, postgres, instances, demoStack),
    postgres,
    instances,
    demoStack,
    demoStackIdleMB: demoStack.idle.rssMiB,
  };
  writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  print(results);
  console.log(`\nwrote ${path.relative(root, path.join(resultsDir, "latest.json"))} (server logs: ${path.relative(root, path.join(dataDir, "server.log"))})`);
}

main().then(
  async () => {
    await throwaway?.stop();
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await throwaway?.stop();
    process.exit(1);
  },
);
