// The warehouse index at scale: search through the route handler over N warehouses, the cold build's upstream calls, and the index's memory.
import { spawn } from "node:child_process";
import path from "node:path";
import { WarehouseIndex, type IndexQuery } from "@/lib/warehouses/warehouse-index";
import type { Warehouse } from "@/lib/warehouses/schemas";
import type { EmulatorControl, Session } from "@/scripts/bench/http";
import type { Stack } from "@/scripts/bench/stack";
import { maxOverlap, median, percentile, round, sum } from "@/scripts/bench/stats";

export interface IndexScaleQuery {
  label: string;
  path: string;
}

/** The same combinations as scripts/bench.ts's warm search, so figures at 10,000 and 100,000 compare. */
export const INDEX_SCALE_QUERIES: readonly IndexScaleQuery[] = [
  { label: "search q='depo 12'", path: "/api/warehouses?q=depo%2012&page=1&limit=25" },
  { label: "sort name.asc", path: "/api/warehouses?sort=name.asc&page=40&limit=25" },
  { label: "filter status=passive", path: "/api/warehouses?status=passive&page=1&limit=25" },
  { label: "q='seed' + active + code.desc, page 3", path: "/api/warehouses?q=seed&status=active&sort=code.desc&page=3&limit=50" },
  { label: "search q='ist' (Turkish folding)", path: "/api/warehouses?q=ist&sort=erpWarehouseId.desc&page=1&limit=25" },
];
export const INDEX_SCALE_COLD_QUERY = "/api/warehouses?q=depo%2077&sort=name.asc&page=1&limit=25";
// Refused by the route's validation before the service runs: loads the route and reads the session without building the index.
const ROUTE_WARM_UP = "/api/warehouses?limit=0";
const SEED_CHUNK = 100_000; // the emulator's MAX_SEED

export interface IndexScaleOptions {
  /** Warehouses the emulator should hold in all (its demo rows count); more are seeded when fewer are there. */
  warehouses: number;
  restart: () => Promise<void>;
  warmRequests?: number;
  /** Each upstream page call held this long for the concurrency probe, so the calls open at once show in the emulator's log. */
  probeLatencyMs?: number;
  queries?: readonly IndexScaleQuery[];
  log?: (line: string) => void;
}

interface ListAnswer {
  items: unknown[];
  total: number;
  totalAll: number;
  source: "upstream" | "index";
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<{ status: number; body: T; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as T;
  return { status: res.status, body, ms: performance.now() - t0 };
}

type EmulatorAddress = Pick<Stack, "emulatorUrl" | "token">;

async function warehouseCount(stack: EmulatorAddress): Promise<number> {
  const res = await fetch(`${stack.emulatorUrl}/v1/stores?page=1&limit=1`, { headers: { Authorization: `Bearer ${stack.token}` } });
  if (!res.ok) throw new Error(`emulator GET /v1/stores answered ${res.status}`);
  return ((await res.json()) as { totalItems: number }).totalItems;
}

export async function seedWarehousesTo(stack: EmulatorAddress, emu: EmulatorControl, total: number): Promise<{ before: number; seeded: number; total: number; ms: number }> {
  const t0 = performance.now();
  const before = await warehouseCount(stack);
  let missing = Math.max(0, total - before);
  while (missing > 0) {
    const chunk = Math.min(SEED_CHUNK, missing);
    await emu.call("POST", "/seed", { warehouses: chunk });
    missing -= chunk;
  }
  const after = await warehouseCount(stack);
  return { before, seeded: after - before, total: after, ms: round(performance.now() - t0, 0) };
}

export async function coldBuild(stack: Stack, emu: EmulatorControl, session: Session, probeLatencyMs: number) {
  const headers = { Cookie: session.cookie };
  const warmUp = await fetch(`${stack.consoleUrl}${ROUTE_WARM_UP}`, { headers });
  await warmUp.arrayBuffer();
  if (warmUp.status !== 422) throw new Error(`${ROUTE_WARM_UP} answered ${warmUp.status}, expected 422 (refused input)`);
  let faultId: number | null = null;
  if (probeLatencyMs > 0) {
    faultId = (await emu.call<{ id: number }>("POST", "/faults", { method: "GET", path: "/v1/stores", latencyMs: probeLatencyMs })).id;
  }
  const seq = await emu.clearLog();
  let res: Awaited<ReturnType<typeof getJson<ListAnswer>>>;
  try {
    res = await getJson<ListAnswer>(`${stack.consoleUrl}${INDEX_SCALE_COLD_QUERY}`, headers);
  } finally {
    if (faultId !== null) await emu.call("DELETE", `/faults/${faultId}`);
  }
  if (res.status !== 200 || res.body.source !== "index") throw new Error(`cold search answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  const calls = (await emu.requestsSince(seq)).filter((e) => e.method === "GET" && e.path === "/v1/stores");
  // Each call is surely open from 1 ms after `at` (truncated to the ms) to `at` + latency + duration; equal stamps are no overlap.
  const intervals = calls.map((e) => {
    const at = Date.parse(e.at);
    return { start: at + 1, end: at + probeLatencyMs + e.durationMs };
  });
  return {
    ms: round(res.ms, 1),
    totalAll: res.body.totalAll,
    upstreamCalls: calls.length,
    upstreamPages: new Set(calls.map((c) => c.query.page)).size,
    emulatorBusyMs: round(sum(calls.map((c) => c.durationMs)), 1),
    upstreamSpanMs: calls.length ? round(Math.max(...intervals.map((i) => i.end)) - Math.min(...intervals.map((i) => i.start)), 1) : 0,
    probeLatencyMs,
    maxInFlight: maxOverlap(intervals),
  };
}

export async function warmSearches(stack: Stack, emu: EmulatorControl, session: Session, queries: readonly IndexScaleQuery[], requests: number, log: (line: string) => void) {
  const headers = { Cookie: session.cookie };
  const seq = await emu.clearLog();
  const combos = [];
  for (const q of queries) {
    const first = await getJson<ListAnswer>(`${stack.consoleUrl}${q.path}`, headers);
    if (first.status !== 200 || first.body.source !== "index") throw new Error(`${q.path} answered ${first.status}`);
    const times: number[] = [];
    for (let i = 0; i < requests; i++) times.push((await getJson<ListAnswer>(`${stack.consoleUrl}${q.path}`, headers)).ms);
    combos.push({
      label: q.label,
      path: q.path,
      matches: first.body.total,
      totalAll: first.body.totalAll,
      firstMs: round(first.ms, 1),
      medianMs: round(median(times), 2),
      p95Ms: round(percentile(times, 95), 2),
      maxMs: round(Math.max(...times), 1),
    });
    log(`  warm ${q.label}: ${first.body.total} of ${first.body.totalAll}, first ${round(first.ms, 1)} ms, median ${round(median(times), 2)} ms`);
  }
  // A background refresh (the index's ttl) during the loop shows here as upstream page calls.
  const upstreamCallsDuring = (await emu.requestsSince(seq)).length;
  return { requestsPerCombo: requests, combos, upstreamCallsDuring, worstMedianMs: Math.max(...combos.map((c) => c.medianMs)) };
}

// The restarts give the cold build an empty index; the probe's held calls show how many the build had open at once.
export async function measureIndexScale(stack: Stack, emu: EmulatorControl, session: Session, opts: IndexScaleOptions) {
  const log = opts.log ?? (() => {});
  const probeLatencyMs = opts.probeLatencyMs ?? 25;
  const seeding = await seedWarehousesTo(stack, emu, opts.warehouses);
  log(`index at scale: ${seeding.total} warehouses (${seeding.seeded} seeded in ${seeding.ms} ms)`);
  await opts.restart();
  const cold = await coldBuild(stack, emu, session, 0);
  log(`  cold: ${cold.ms} ms, ${cold.upstreamCalls} upstream calls, at most ${cold.maxInFlight} in flight`);
  const warm = await warmSearches(stack, emu, session, opts.queries ?? INDEX_SCALE_QUERIES, opts.warmRequests ?? 50, log);
  await opts.restart();
  const probe = await coldBuild(stack, emu, session, probeLatencyMs);
  log(`  cold with ${probeLatencyMs} ms per page call: ${probe.ms} ms, ${probe.upstreamCalls} calls, at most ${probe.maxInFlight} in flight`);
  if (cold.totalAll !== seeding.total || warm.combos.some((c) => c.totalAll !== seeding.total)) {
    throw new Error(`the index answered over ${cold.totalAll} warehouses, the emulator holds ${seeding.total}`);
  }
  return { warehouses: seeding.total, seeding, coldQuery: INDEX_SCALE_COLD_QUERY, cold, concurrencyProbe: probe, warm };
}

const DEMO: readonly Omit<Warehouse, "id">[] = [
  { name: "Online", code: "ONLINE", erpWarehouseId: null, isDefault: true, isActive: true },
  { name: "İSTANBUL Şube", code: "IST01", erpWarehouseId: "101", isDefault: false, isActive: true },
  { name: "Ankara Depo", code: "ANK01", erpWarehouseId: "102", isDefault: false, isActive: true },
  { name: "İzmir Şube", code: "IZM01", erpWarehouseId: "103", isDefault: false, isActive: true },
  { name: "Bursa Depo", code: "BUR01", erpWarehouseId: "104", isDefault: false, isActive: false },
  { name: "Antalya Şube", code: "ANT01", erpWarehouseId: "105", isDefault: false, isActive: true },
  { name: "Gaziantep Depo", code: "GAZ01", erpWarehouseId: "0042", isDefault: false, isActive: true },
];

/** Warehouse `id` of an account holding the emulator's demo rows and then seeded ones, as the emulator would list it. */
export function generatedWarehouse(id: number): Warehouse {
  const demo = DEMO[id - 1];
  if (demo) return { id, ...demo };
  const n = id - DEMO.length;
  return { id, name: `Seed Depo ${n}`, code: `SEED-${String(n).padStart(5, "0")}`, erpWarehouseId: String(n), isDefault: false, isActive: true };
}

/** An upstream of `total` generated warehouses; each page goes through JSON as the client's would, so no string is shared with the generator. */
export function generatedPages(total: number) {
  return async (page: number, limit: number) => {
    const items: Warehouse[] = [];
    for (let id = (page - 1) * limit + 1; id <= Math.min(total, page * limit); id++) items.push(generatedWarehouse(id));
    return { items: JSON.parse(JSON.stringify(items)) as Warehouse[], totalPage: Math.ceil(total / limit) };
  };
}

const MEMORY_QUERIES: readonly IndexQuery[] = [
  { q: "depo 12", status: "all", sort: "id.asc" },
  { q: "", status: "all", sort: "name.asc" },
  { q: "seed", status: "active", sort: "code.desc" },
  { q: "ist", status: "all", sort: "erpWarehouseId.desc" },
  { q: "", status: "attention", sort: "id.asc" },
];

export interface IndexMemorySample {
  warehouses: number;
  /** Heap used after a forced GC before the index exists (modules loaded). */
  baselineBytes: number;
  builtBytes: number;
  queriedBytes: number;
  releasedBytes: number;
  bytesPerWarehouseBuilt: number;
  bytesPerWarehouseQueried: number;
  mibPer10kBuilt: number;
  mibPer10kQueried: number;
}

function settledHeap(gc: () => void): number {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

async function sizeOf(index: WarehouseIndex): Promise<number> {
  return (await index.match({ q: "", status: "all", sort: "id.asc" })).totalAll;
}

/** Runs inside the child started with --expose-gc. */
export async function indexMemorySample(warehouses: number): Promise<IndexMemorySample> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("indexMemorySample needs node --expose-gc");
  const fetchPage = generatedPages(warehouses);
  await (async () => {
    // Warms up the code paths (collator, folding, rules) so the baseline holds their one-off allocations.
    const small = new WarehouseIndex({ fetchPage: generatedPages(200) });
    for (const q of MEMORY_QUERIES) await small.match(q);
  })();
  const baselineBytes = settledHeap(gc);
  let index: WarehouseIndex | null = new WarehouseIndex({ fetchPage, ttlMs: 3_600_000, maxStaleMs: 3_600_000 });
  await index.ready();
  const builtBytes = settledHeap(gc);
  for (const q of MEMORY_QUERIES) await index.match(q);
  const queriedBytes = settledHeap(gc);
  // In a function of its own, so the async frame keeps no temporary list of every warehouse alive.
  if ((await sizeOf(index)) !== warehouses) throw new Error("index size mismatch");
  index = null;
  const releasedBytes = settledHeap(gc);
  const per = (bytes: number) => (bytes - baselineBytes) / warehouses;
  return {
    warehouses,
    baselineBytes,
    builtBytes,
    queriedBytes,
    releasedBytes,
    bytesPerWarehouseBuilt: round(per(builtBytes), 0),
    bytesPerWarehouseQueried: round(per(queriedBytes), 0),
    mibPer10kBuilt: round((per(builtBytes) * 10_000) / 1024 ** 2, 2),
    mibPer10kQueried: round((per(queriedBytes) * 10_000) / 1024 ** 2, 2),
  };
}

const CHILD_FLAG = "--index-memory-child";

function runChild(warehouses: number): Promise<IndexMemorySample> {
  const root = path.resolve(import.meta.dirname, "..", "..");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", import.meta.filename, CHILD_FLAG, String(warehouses)], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (err += c.toString("utf8")));
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) return reject(new Error(`index memory child (${warehouses}) exited ${code}: ${err.slice(-500)}`));
      resolve(JSON.parse(line) as IndexMemorySample);
    });
  });
}

/** One child (node --expose-gc) per size; the per-warehouse figure comes from the largest, where fixed costs weigh least. */
export async function measureIndexMemory(sizes: readonly number[] = [10_000, 100_000]) {
  const samples: IndexMemorySample[] = [];
  for (const n of sizes) samples.push(await runChild(n));
  const largest = samples.reduce((a, b) => (b.warehouses > a.warehouses ? b : a));
  return {
    node: process.version,
    samples,
    bytesPerWarehouse: largest.bytesPerWarehouseQueried,
    mibPer10k: largest.mibPer10kQueried,
    mibPer10kBuiltOnly: largest.mibPer10kBuilt,
  };
}

if (process.argv[1] === import.meta.filename && process.argv[2] === CHILD_FLAG) {
  const n = Number(process.argv[3]);
  indexMemorySample(n).then(
    (sample) => {
      process.stdout.write(`${JSON.stringify(sample)}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
