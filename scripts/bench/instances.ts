import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { autocannon, type CannonResult } from "@/scripts/bench/autocannon";
import { cpuBetween, sampleCpu, type CpuSample } from "@/scripts/bench/cpu";
import { signIn } from "@/scripts/bench/http";
import { instanceEnv } from "@/scripts/bench/stack";
import { round, sum } from "@/scripts/bench/stats";
import { createTestDatabase } from "@/test/test-database";
import { waitUntilReady } from "@/test/wait-ready";

// Two instances on one database against one, both behind the balancer; CPU is measured so throughput reads per core used.

export interface InstancesOptions {
  root: string;
  dataDir: string;
  basePort: number;
  token: string;
  authSecret: string;
  connections: number;
  durationS: number;
  rounds: number;
  warmupS: number;
  demo: { email: string; password: string };
  step: (message: string) => void;
}

interface Side {
  requestsPerSec: number;
  roundsPerSec: number[];
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU seconds per second of wall time, summed over the console instances: the cores they used. */
  consoleCores: number;
  machineCores: number;
  requestsPerConsoleCore: number;
  requestsPerMachineCore: number;
  cpuMsPerRequest: Record<string, number>;
}

export interface InstancesResult {
  url: string;
  connections: number;
  durationS: number;
  rounds: number;
  one: Side;
  two: Side;
  throughputRatio: number;
  perConsoleCoreRatio: number;
}

export async function measureInstances(o: InstancesOptions): Promise<InstancesResult> {
  const dir = path.join(o.dataDir, "instances");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const log = createWriteStream(path.join(dir, "servers.log"), { flags: "a" });
  const children: ChildProcess[] = [];
  const run = (args: string[], env: Record<string, string>) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: o.root, env: { ...process.env, NODE_OPTIONS: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    children.push(child);
    return child;
  };
  const database = await createTestDatabase("labs_bench_instances");
  const ports = { emulator: o.basePort, a: o.basePort + 1, b: o.basePort + 2, one: o.basePort + 3, two: o.basePort + 4 };
  const emulatorUrl = `http://127.0.0.1:${ports.emulator}`;
  try {
    o.step(`5. two instances: emulator, consoles A and B on one PostgreSQL database (ports ${ports.a}, ${ports.b}), balancers over A and over A+B`);
    const emulator = run(["emulator/main.ts"], { EMULATOR_PORT: String(ports.emulator), LABS_API_TOKEN: o.token, DATA_DIR: path.join(dir, "emulator") });
    await waitUntilReady(`${emulatorUrl}/__emulator/health`, emulator, "the emulator", { Authorization: `Bearer ${o.token}` });
    const instance = (name: "a" | "b") =>
      run(["scripts/server.ts"], instanceEnv({ port: ports[name], databaseUrl: database.url, authSecret: o.authSecret, emulatorUrl, token: o.token, dataDir: path.join(dir, name) }, { TRUSTED_PROXY_HOPS: "1" }));
    // One after the other: both would otherwise migrate the fresh database at once.
    const a = instance("a");
    await waitUntilReady(`http://127.0.0.1:${ports.a}/api/ping`, a, "console A");
    const b = instance("b");
    await waitUntilReady(`http://127.0.0.1:${ports.b}/api/ping`, b, "console B");
    const balancer = (port: number, upstreams: number[]) =>
      run(["scripts/balancer.ts"], { BALANCER_PORT: String(port), BALANCER_UPSTREAMS: upstreams.map((p) => `http://127.0.0.1:${p}`).join(",") });
    const one = balancer(ports.one, [ports.a]);
    const two = balancer(ports.two, [ports.a, ports.b]);
    await waitUntilReady(`http://127.0.0.1:${ports.one}/api/ping`, one, "the balancer over A");
    await waitUntilReady(`http://127.0.0.1:${ports.two}/api/ping`, two, "the balancer over A and B");

    const session = await signIn(`http://127.0.0.1:${ports.two}`, o.demo.email, o.demo.password);
    const headers = { Cookie: session.cookie };
    const url = (port: number) => `http://127.0.0.1:${port}/api/warehouses?page=1&limit=25`;
    for (const port of [ports.a, ports.b, ports.one, ports.two]) {
      const res = await fetch(url(port), { headers });
      if (res.status !== 200) throw new Error(`GET ${url(port)} answered ${res.status}`);
      await res.arrayBuffer();
    }
    const pids = {
      consoleA: a.pid!,
      consoleB: b.pid!,
      emulator: emulator.pid!,
      balancer: 0,
      bench: process.pid,
    };
    for (const port of [ports.one, ports.two]) await autocannon({ url: url(port), connections: o.connections, duration: o.warmupS, headers });

    const slice = o.durationS / o.rounds;
    const runs: Record<"one" | "two", { r: CannonResult; cpu: CpuSample; wallMs: number }[]> = { one: [], two: [] };
    for (let i = 0; i < o.rounds; i++) {
      for (const side of ["one", "two"] as const) {
        const sidePids = { ...pids, balancer: (side === "one" ? one : two).pid! };
        const before = sampleCpu(sidePids);
        const t0 = performance.now();
        const r = await autocannon({ url: url(ports[side]), connections: o.connections, duration: slice, headers });
        runs[side].push({ r, cpu: cpuBetween(before, sampleCpu(sidePids)), wallMs: performance.now() - t0 });
      }
    }
    const summarise = (side: "one" | "two"): Side => {
      const list = runs[side];
      const ok = sum(list.map((x) => x.r["2xx"]));
      const answered = sum(list.map((x) => x.r["2xx"] + x.r.non2xx));
      const wallS = sum(list.map((x) => x.wallMs)) / 1000;
      const cpuOf = (name: string) => sum(list.map((x) => x.cpu.processes[name] ?? 0));
      const consoleMs = cpuOf("consoleA") + cpuOf("consoleB");
      const machineMs = sum(list.map((x) => x.cpu.machineMs));
      const requestsPerSec = round(ok / sum(list.map((x) => x.r.duration)), 0);
      const consoleCores = round(consoleMs / 1000 / wallS, 2);
      const machineCores = round(machineMs / 1000 / wallS, 2);
      return {
        requestsPerSec,
        roundsPerSec: list.map((x) => round(x.r["2xx"] / x.r.duration, 0)),
        p50Ms: list.map((x) => x.r.latency.p50).sort((p, q) => p - q)[Math.floor(list.length / 2)]!,
        p99Ms: list.map((x) => x.r.latency.p99).sort((p, q) => p - q)[Math.floor(list.length / 2)]!,
        non2xx: sum(list.map((x) => x.r.non2xx)),
        errors: sum(list.map((x) => x.r.errors + x.r.timeouts)),
        consoleCores,
        machineCores,
        requestsPerConsoleCore: round(requestsPerSec / Math.max(0.01, consoleCores), 0),
        requestsPerMachineCore: round(requestsPerSec / Math.max(0.01, machineCores), 0),
        cpuMsPerRequest: {
          consoleA: round(cpuOf("consoleA") / answered, 3),
          consoleB: round(cpuOf("consoleB") / answered, 3),
          emulator: round(cpuOf("emulator") / answered, 3),
          balancer: round(cpuOf("balancer") / answered, 3),
          loadGenerator: round(cpuOf("bench") / answered, 3),
          machine: round(machineMs / answered, 3),
        },
      };
    };
    const oneSide = summarise("one");
    const twoSide = summarise("two");
    const result: InstancesResult = {
      url: "/api/warehouses?page=1&limit=25",
      connections: o.connections,
      durationS: o.durationS,
      rounds: o.rounds,
      one: oneSide,
      two: twoSide,
      throughputRatio: round(twoSide.requestsPerSec / oneSide.requestsPerSec, 2),
      perConsoleCoreRatio: round(twoSide.requestsPerConsoleCore / oneSide.requestsPerConsoleCore, 2),
    };
    o.step(
      `  one instance: ${oneSide.requestsPerSec} req/s on ${oneSide.consoleCores} console cores (${oneSide.requestsPerConsoleCore} per core); two: ${twoSide.requestsPerSec} req/s on ${twoSide.consoleCores} (${twoSide.requestsPerConsoleCore} per core); ratio ${result.throughputRatio}`,
    );
    return result;
  } finally {
    for (const child of children.reverse()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.all(
      children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => { c.once("exit", r); setTimeout(r, 10_000).unref(); }) : null)),
    );
    log.end();
    await database.drop().catch(() => undefined);
  }
}
