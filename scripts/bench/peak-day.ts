// 50,000 orders pushed over two consoles on one PostgreSQL, sent by a schedule; the push rate through one instance against both.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { cpuBetween, sampleCpu, type CpuSample } from "@/scripts/bench/cpu";
import { EmulatorControl, signIn, type EmulatorLogEntry } from "@/scripts/bench/http";
import { sentOnce } from "@/scripts/bench/outages";
import { builtScript, instanceEnv } from "@/scripts/bench/stack";
import { median, percentile, round, sum } from "@/scripts/bench/stats";
import { createTestDatabase } from "@/test/test-database";
import { waitUntilReady } from "@/test/wait-ready";

const TRANSFER = "/v1/action/orders-erp-transfer";

export const PEAK_DAY = {
  orders: 50_000,
  warmUpOrders: 1_000,
  pushOrders: 10,
  connections: 8,
  rounds: 4,
  keyRatePerMinute: 1_000_000,
  schedule: { everyMinutes: 1440, sendWhenWaiting: 500, sendWhenOldestSeconds: 10, maxOrders: 5_000 },
  settleTimeoutMs: 5 * 60_000,
};

export type Side = "one" | "two";

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** ABBA: one, two, two, one, ... so that a backlog left by one segment falls on both sides alike. */
export function sideOrder(rounds: number): Side[] {
  return Array.from({ length: rounds }, (_, i): Side[] => (i % 2 === 0 ? ["one", "two"] : ["two", "one"])).flat();
}

export function queueAges(answeredAtMs: ReadonlyMap<string, number>, settledAtMs: ReadonlyMap<string, number>) {
  const ages: number[] = [];
  let unsettled = 0;
  for (const [id, at] of answeredAtMs) {
    const settled = settledAtMs.get(id);
    if (settled === undefined) unsettled++;
    else ages.push((settled - at) / 1000);
  }
  return { unsettled, p50S: round(median(ages), 2), p99S: round(percentile(ages, 99), 2), maxS: round(Math.max(...ages), 2) };
}

export interface SegmentFigures {
  side: Side;
  pushes: number;
  wallMs: number;
  latencies: number[];
  cpu: CpuSample;
  lockWaiting?: number[];
}

export function sideFigures(segments: readonly SegmentFigures[], pushOrders: number) {
  const pushes = sum(segments.map((s) => s.pushes));
  const wallS = sum(segments.map((s) => s.wallMs)) / 1000;
  const latencies = segments.flatMap((s) => s.latencies);
  const waiting = segments.flatMap((s) => s.lockWaiting ?? []);
  const cores = (ms: number) => round(ms / 1000 / wallS, 2);
  const of = (name: string) => sum(segments.map((s) => s.cpu.processes[name] ?? 0));
  const pushesPerSec = round(pushes / wallS, 1);
  return {
    segments: segments.length,
    pushes,
    pushesPerSec,
    ordersPerSec: round(pushesPerSec * pushOrders, 0),
    perSegmentPushesPerSec: segments.map((s) => round((s.pushes * 1000) / s.wallMs, 1)),
    pushP50Ms: round(median(latencies), 1),
    pushP99Ms: round(percentile(latencies, 99), 1),
    waitingOnOrderLockMean: round(sum(waiting) / Math.max(1, waiting.length), 2),
    cores: { consoleA: cores(of("consoleA")), consoleB: cores(of("consoleB")), emulator: cores(of("emulator")), postgres: cores(of("postgres")), loadGenerator: cores(of("bench")), machine: cores(sum(segments.map((s) => s.cpu.machineMs))) },
  };
}

export type SideFigures = ReturnType<typeof sideFigures>;

export interface PeakDayOptions {
  root: string;
  dataDir: string;
  basePort: number;
  token: string;
  authSecret: string;
  demo: { email: string; password: string };
  orders?: number;
  log: (message: string) => void;
}

const idsOf = (e: EmulatorLogEntry) => (e as EmulatorLogEntry & { body?: { orderIds?: string[] } | null }).body?.orderIds ?? [];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measurePeakDay(o: PeakDayOptions) {
  if (!process.env.TEST_DATABASE_URL?.trim()) throw new Error("--only=peak-day puts two consoles on one PostgreSQL database: run it without --embedded-only");
  const orderCount = o.orders ?? PEAK_DAY.orders;
  const dir = path.join(o.dataDir, "peak-day");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const serverLog = createWriteStream(path.join(dir, "servers.log"), { flags: "a" });
  const children: ChildProcess[] = [];
  const run = (script: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [script], { cwd: o.root, env: { ...process.env, NODE_OPTIONS: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.pipe(serverLog, { end: false });
    child.stderr?.pipe(serverLog, { end: false });
    children.push(child);
    return child;
  };
  const database = await createTestDatabase("labs_bench_peak");
  const client = new pg.Client({ connectionString: database.url });
  const watcher = new pg.Client({ connectionString: database.url });
  const ports = { emulator: o.basePort, a: o.basePort + 1, b: o.basePort + 2 };
  const urlOf = (port: number) => `http://127.0.0.1:${port}`;
  const emulatorUrl = urlOf(ports.emulator);
  try {
    const consoleScript = builtScript(o.root, "server");
    const emulatorScript = builtScript(o.root, "emulator");
    o.log(`peak day: the emulator, consoles A and B from dist/ on one PostgreSQL database (ports ${ports.a}, ${ports.b})`);
    const emulator = run(emulatorScript, { EMULATOR_PORT: String(ports.emulator), LABS_API_TOKEN: o.token, DATA_DIR: path.join(dir, "emulator") });
    await waitUntilReady(`${emulatorUrl}/__emulator/health`, emulator, "the emulator", { Authorization: `Bearer ${o.token}` });
    const instance = (name: "a" | "b") =>
      run(consoleScript, instanceEnv({ port: ports[name], databaseUrl: database.url, authSecret: o.authSecret, emulatorUrl, token: o.token, dataDir: path.join(dir, name) }));
    // One after the other: both would otherwise migrate the fresh database at once.
    const a = instance("a");
    await waitUntilReady(`${urlOf(ports.a)}/api/ping`, a, "console A");
    const b = instance("b");
    await waitUntilReady(`${urlOf(ports.b)}/api/ping`, b, "console B");
    await client.connect();
    await watcher.connect();

    const consoleUrl = urlOf(ports.a);
    const session = await signIn(consoleUrl, o.demo.email, o.demo.password);
    const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${consoleUrl}${p}`, { method, headers: { Cookie: session.cookie, Origin: consoleUrl, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };
    const expiresOn = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const keyName = `Bench peak day ${Date.now()}`;
    const { secret } = await call<{ secret: string }>("POST", "/api/keys", { name: keyName, role: "operator", expiresOn });
    // A key made through the API may make 120 requests a minute (docs/using.md); the part measures the consoles, not that limit.
    await client.query("update api_keys set rate_per_minute = $1 where name = $2", [PEAK_DAY.keyRatePerMinute, keyName]);
    const { schedule: sch } = PEAK_DAY;
    await call("POST", "/api/erp/schedules", {
      kind: "transfer",
      name: "Bench peak day",
      rule: { type: "every", minutes: sch.everyMinutes },
      timeZone: "UTC",
      maxOrders: sch.maxOrders,
      sendWhenWaiting: sch.sendWhenWaiting,
      sendWhenOldestSeconds: sch.sendWhenOldestSeconds,
    });
    const emu = new EmulatorControl(emulatorUrl, o.token);
    const seeded = (await emu.call<{ orders: { ids: string[] } }>("POST", "/seed", { orders: PEAK_DAY.warmUpOrders + orderCount })).orders.ids;
    const warmIds = seeded.slice(0, PEAK_DAY.warmUpOrders);
    const ids = seeded.slice(PEAK_DAY.warmUpOrders);
    if (ids.length !== orderCount) throw new Error(`the emulator seeded ${seeded.length} orders`);

    const answeredAt = new Map<string, number>();
    let failedPushes = 0;
    const failures: Record<string, number> = {};
    let firstFailure: string | null = null;
    let notQueued = 0;
    const push = async (urls: string[], batches: string[][], connections: number) => {
      const latencies: number[] = [];
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: connections }, async () => {
          for (let i = next++; i < batches.length; i = next++) {
            const batch = batches[i]!;
            const started = performance.now();
            const res = await fetch(`${urls[i % urls.length]}/api/v1/order-queue`, { method: "POST", headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" }, body: JSON.stringify({ orderIds: batch }) });
            const text = await res.text();
            const at = Date.now();
            latencies.push(performance.now() - started);
            if (!res.ok) {
              failedPushes++;
              const where = `${urls[i % urls.length]} ${res.status}`;
              failures[where] = (failures[where] ?? 0) + 1;
              firstFailure ??= `${where}: ${text.slice(0, 300)}`;
              continue;
            }
            const queued = (JSON.parse(text) as { queued: string[] }).queued;
            notQueued += batch.length - queued.length;
            for (const id of queued) answeredAt.set(id, at);
          }
        }),
      );
      return { pushes: batches.length, wallMs: performance.now() - t0, latencies };
    };
    const openWork = async () => {
      const { rows } = await client.query<{ queued: string; open: string }>("select (select count(*) from order_queue) as queued, (select count(*) from erp_transfer_runs where state in ('queued', 'running')) as open");
      return Number(rows[0]!.queued) + Number(rows[0]!.open);
    };
    const settle = async (what: string) => {
      const deadline = Date.now() + PEAK_DAY.settleTimeoutMs;
      while ((await openWork()) > 0) {
        if (Date.now() > deadline) throw new Error(`${what}: still queued or running after ${PEAK_DAY.settleTimeoutMs / 1000} s`);
        await pause(250);
      }
    };

    const both = [urlOf(ports.a), urlOf(ports.b)];
    const sideUrls: Record<Side, string[]> = { one: [urlOf(ports.a)], two: both };
    const logSeq = await emu.clearLog();
    o.log(`  warm-up: ${PEAK_DAY.warmUpOrders} orders pushed to both instances, sent and settled`);
    await push(both, chunks(warmIds, PEAK_DAY.pushOrders), PEAK_DAY.connections);
    await settle("the warm-up");

    const order = sideOrder(PEAK_DAY.rounds);
    const perSegment = chunks(ids, Math.ceil(orderCount / order.length));
    const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const postmaster = Number(readFileSync(`/proc/${backend}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
    const cpuPids = { consoleA: a.pid!, consoleB: b.pid!, emulator: emulator.pid!, postgres: postmaster, bench: process.pid };
    const sample = () => sampleCpu(cpuPids, ["bench"], ["postgres"]);
    const loadAverageAtStart = loadavg().map((v) => round(v, 2));
    o.log(`  ${orderCount.toLocaleString("en")} orders in pushes of ${PEAK_DAY.pushOrders}, ${PEAK_DAY.connections} connections, ${order.length} segments (${order.join(", ")}); schedule every ${sch.everyMinutes} min, sendWhenWaiting ${sch.sendWhenWaiting}, sendWhenOldestSeconds ${sch.sendWhenOldestSeconds}, maxOrders ${sch.maxOrders}; load ${loadAverageAtStart.join(" ")}`);
    const runStart = sample();
    const t0 = performance.now();
    const segments: SegmentFigures[] = [];
    // Sessions waiting on an advisory lock (the order moves' lock, lib/erp/transfers/order-guard.ts), sampled through each segment.
    const lockWaits = async (until: { done: boolean }) => {
      const seen: number[] = [];
      while (!until.done) {
        const { rows } = await watcher.query<{ n: string }>("select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'");
        seen.push(Number(rows[0]!.n));
        await pause(50);
      }
      return seen;
    };
    for (const [k, side] of order.entries()) {
      const before = sample();
      const until = { done: false };
      const waits = lockWaits(until);
      const got = await push(sideUrls[side], chunks(perSegment[k]!, PEAK_DAY.pushOrders), PEAK_DAY.connections);
      until.done = true;
      segments.push({ side, ...got, cpu: cpuBetween(before, sample()), lockWaiting: await waits });
      o.log(`    segment ${k + 1} (${side}): ${got.pushes} pushes in ${round(got.wallMs / 1000, 1)} s, ${round((got.pushes * 1000) / got.wallMs, 1)} a second`);
    }
    const pushedS = round((performance.now() - t0) / 1000, 1);
    await settle("the peak day");
    const allS = round((performance.now() - t0) / 1000, 1);
    const whole = cpuBetween(runStart, sample());

    // A transferred order's row is not written: the run's mark passes it, and its settledAt is the run's end (as in outages.ts).
    const settledRows = await client.query<{ order_id: string; at: Date }>(
      "select o.order_id, coalesce(o.updated_at, r.finished_at) as at from erp_transfer_orders o join erp_transfer_runs r on r.id = o.run_id where o.order_id = any($1) and (o.outcome in ('transferred', 'not_transferred', 'unknown') or (o.position <= r.transferred_through and r.finished_at is not null))",
      [ids],
    );
    const settledAt = new Map(settledRows.rows.map((r) => [r.order_id, r.at.getTime()]));
    const ages = queueAges(new Map(ids.filter((id) => answeredAt.has(id)).map((id) => [id, answeredAt.get(id)!])), settledAt);
    const outcomes = await client.query<{ outcome: string; n: string }>(
      "select case when o.outcome = 'pending' and o.position <= r.transferred_through then 'transferred' else o.outcome end as outcome, count(*) as n from erp_transfer_orders o join erp_transfer_runs r on r.id = o.run_id where o.order_id = any($1) group by 1",
      [ids],
    );
    const carried = await client.query<{ rows: string; orders: string; runs: string }>("select count(*) as rows, count(distinct order_id) as orders, count(distinct run_id) as runs from erp_transfer_orders where order_id = any($1)", [ids]);
    const calls = (await emu.requestsSince(logSeq)).filter((e) => e.method === "POST" && e.path === TRANSFER);
    const once = sentOnce([...warmIds, ...ids], calls.filter((e) => e.status === 200).flatMap(idsOf));

    const sides = { one: sideFigures(segments.filter((s) => s.side === "one"), PEAK_DAY.pushOrders), two: sideFigures(segments.filter((s) => s.side === "two"), PEAK_DAY.pushOrders) };
    const perThousand = (ms: number) => round(ms / (orderCount / 1000), 0);
    const result = {
      meta: { date: new Date().toISOString(), loadAverageAtStart, cpus: cpus().length },
      orders: orderCount,
      warmUpOrders: PEAK_DAY.warmUpOrders,
      pushOrders: PEAK_DAY.pushOrders,
      connections: PEAK_DAY.connections,
      schedule: sch,
      pushedS,
      allSettledS: allS,
      failedPushes,
      failures,
      firstFailure,
      notQueued,
      exactlyOnce: { ...once, transferCalls: calls.length, failedCalls: calls.filter((e) => e.status !== 200).length },
      console: {
        outcomes: Object.fromEntries(outcomes.rows.map((r) => [r.outcome, Number(r.n)])),
        rowsCarried: Number(carried.rows[0]!.rows),
        ordersCarried: Number(carried.rows[0]!.orders),
        runs: Number(carried.rows[0]!.runs),
        queueLeft: await openWork(),
      },
      queueAge: ages,
      cpuPerThousandOrdersMs: {
        consoleA: perThousand(whole.processes.consoleA!),
        consoleB: perThousand(whole.processes.consoleB!),
        consoles: perThousand(whole.processes.consoleA! + whole.processes.consoleB!),
        emulator: perThousand(whole.processes.emulator!),
        postgres: perThousand(whole.processes.postgres!),
        loadGenerator: perThousand(whole.processes.bench!),
        machine: perThousand(whole.machineMs),
      },
      one: sides.one,
      two: sides.two,
      throughputRatio: round(sides.two.pushesPerSec / sides.one.pushesPerSec, 2),
    };
    o.log(
      `  pushed in ${pushedS} s, all settled after ${allS} s; sent once: missing ${once.missing}, twice ${once.twice}, strangers ${once.strangers}; outcomes ${JSON.stringify(result.console.outcomes)}; queue age p50 ${ages.p50S} s, p99 ${ages.p99S} s, max ${ages.maxS} s`,
    );
    o.log(`  console CPU per 1,000 orders: A ${result.cpuPerThousandOrdersMs.consoleA} ms, B ${result.cpuPerThousandOrdersMs.consoleB} ms; machine ${result.cpuPerThousandOrdersMs.machine} ms`);
    o.log(`  push rate: one instance ${sides.one.pushesPerSec}/s (machine ${sides.one.cores.machine} cores, ${sides.one.waitingOnOrderLockMean} sessions waiting on the order lock), two ${sides.two.pushesPerSec}/s (machine ${sides.two.cores.machine} cores, ${sides.two.waitingOnOrderLockMean} waiting): ${result.throughputRatio}x`);
    return result;
  } finally {
    await client.end().catch(() => undefined);
    await watcher.end().catch(() => undefined);
    for (const child of children.reverse()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null
          ? new Promise((r) => {
              c.once("exit", r);
              setTimeout(() => {
                c.kill("SIGKILL");
                r(null);
              }, 15_000).unref();
            })
          : null,
      ),
    );
    serverLog.end();
    await database.drop().catch(() => undefined);
  }
}

export type PeakDayResult = Awaited<ReturnType<typeof measurePeakDay>>;

/** The target rows; the throughput row says how many cores the one-instance side left spare, as the 1.6x target is for a machine with the cores. */
export function peakDayTargets(r: PeakDayResult): { target: string; value: number | null; met: boolean }[] {
  const e = r.exactlyOnce;
  const transferred = r.console.outcomes.transferred ?? 0;
  const wrong = e.missing + e.twice + e.strangers + r.failedPushes + r.notQueued + r.console.queueLeft + (r.console.rowsCarried - r.console.ordersCarried) + (r.orders - transferred);
  const spare = r.meta.cpus - r.one.cores.machine;
  return [
    { target: `${r.orders.toLocaleString("en")} orders over two instances, each transferred exactly once (missing + twice + strangers at the emulator, failed pushes, not transferred by the console)`, value: wrong, met: wrong === 0 },
    { target: "queue age, push answered to the order's outcome: p99 (s)", value: r.queueAge.p99S, met: r.queueAge.unsettled === 0 && Number.isFinite(r.queueAge.p99S) },
    { target: "console CPU per 1,000 orders, instance A (ms)", value: r.cpuPerThousandOrdersMs.consoleA, met: Number.isFinite(r.cpuPerThousandOrdersMs.consoleA) },
    { target: "console CPU per 1,000 orders, instance B (ms)", value: r.cpuPerThousandOrdersMs.consoleB, met: Number.isFinite(r.cpuPerThousandOrdersMs.consoleB) },
    { target: `two instances' push rate >= 1.6x one's, when the machine has the cores for it (ratio; ${round(spare, 2)} of ${r.meta.cpus} cores spare with one)`, value: r.throughputRatio, met: r.throughputRatio >= 1.6 },
  ];
}
