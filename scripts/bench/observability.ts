// Machine time per request with metrics and tracing off and on (scraped /metrics, OTLP to a receiver of its own), alternating rounds.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { autocannon } from "@/scripts/bench/autocannon";
import { cpuBetween, sampleCpu } from "@/scripts/bench/cpu";
import { signIn } from "@/scripts/bench/http";
import type { Stack } from "@/scripts/bench/stack";
import { median, round } from "@/scripts/bench/stats";

export type Mode = "off" | "on";

export interface RoundSample {
  mode: Mode;
  target: string;
  answered: number;
  consoleMs: number;
  machineMs: number;
  receiverMs: number;
}

export interface TargetCost {
  off: { consoleMs: number; machineMs: number };
  on: { consoleMs: number; machineMs: number; receiverMs: number };
  consoleOnOverOff: number;
  machineOnOverOff: number;
  pairs: { console: number[]; machine: number[] };
}

const perRequest = (ms: number, answered: number) => ms / Math.max(1, answered);

/** Per target: medians over rounds of CPU ms a request in each mode, and on/off; the machine's time leaves out the receiver (a collector runs elsewhere). */
export function costOf(samples: readonly RoundSample[]): Record<string, TargetCost> {
  const out: Record<string, TargetCost> = {};
  for (const target of [...new Set(samples.map((s) => s.target))]) {
    const of = (mode: Mode) => samples.filter((s) => s.target === target && s.mode === mode);
    const consoleMs = (s: RoundSample) => perRequest(s.consoleMs, s.answered);
    const machineMs = (s: RoundSample) => perRequest(s.machineMs - s.receiverMs, s.answered);
    const [off, on] = [of("off"), of("on")];
    const m = (list: RoundSample[], f: (s: RoundSample) => number) => median(list.map(f));
    const cost = {
      off: { consoleMs: m(off, consoleMs), machineMs: m(off, machineMs) },
      on: { consoleMs: m(on, consoleMs), machineMs: m(on, machineMs), receiverMs: m(on, (s) => perRequest(s.receiverMs, s.answered)) },
    };
    const n = Math.min(off.length, on.length);
    const pair = (f: (s: RoundSample) => number) => Array.from({ length: n }, (_, i) => round(f(on[i]!) / f(off[i]!), 3));
    out[target] = {
      off: { consoleMs: round(cost.off.consoleMs, 3), machineMs: round(cost.off.machineMs, 3) },
      on: { consoleMs: round(cost.on.consoleMs, 3), machineMs: round(cost.on.machineMs, 3), receiverMs: round(cost.on.receiverMs, 4) },
      consoleOnOverOff: round(cost.on.consoleMs / cost.off.consoleMs, 3),
      machineOnOverOff: round(cost.on.machineMs / cost.off.machineMs, 3),
      pairs: { console: pair(consoleMs), machine: pair(machineMs) },
    };
  }
  return out;
}

export function modeOfRound(round: number): Mode {
  return round % 2 === 0 ? "off" : "on";
}

const RECEIVER = `
const http = require("node:http");
let bytes = 0, posts = 0;
const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/count") return void res.end(JSON.stringify({ bytes, posts }));
  req.on("data", (c) => { bytes += c.length; });
  req.on("end", () => { posts++; res.writeHead(200, { "Content-Type": req.headers["content-type"] || "application/x-protobuf" }).end(); });
});
server.listen(0, "127.0.0.1", () => console.log(String(server.address().port)));
process.on("SIGTERM", () => process.exit(0));
`;

interface Receiver {
  url: string;
  pid: number;
  count(): Promise<{ bytes: number; posts: number }>;
  stop(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = spawn(process.execPath, ["-e", RECEIVER], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString("utf8").trim())));
    child.once("exit", (code) => reject(new Error(`the OTLP receiver exited (code ${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid!,
    count: async () => (await (await fetch(`${url}/count`)).json()) as { bytes: number; posts: number },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface ObservabilityOptions {
  newStack: () => Stack;
  demo: { email: string; password: string };
  log: (message: string) => void;
  rounds: number;
  sliceS: number;
  warmupS: number;
  connections: number;
  scrapeEveryMs: number;
  on?: "both" | "metrics" | "traces";
}

export async function measureObservability(o: ObservabilityOptions) {
  const on = o.on ?? "both";
  const metricsToken = randomBytes(24).toString("base64url");
  const receiver = await startReceiver();
  const stack = o.newStack();
  const samples: RoundSample[] = [];
  const scrapes = { count: 0, failed: 0, bytes: 0 };
  const exported = { bytes: 0, posts: 0 };
  const requests: Record<Mode, number> = { off: 0, on: 0 };
  const failures: string[] = [];
  o.log(`observability: ${o.rounds} rounds (off, on: ${on}, ...), ${o.connections} connections, ${o.sliceS} s per target per round after ${o.warmupS} s warm-up; /metrics every ${o.scrapeEveryMs / 1000} s when on`);
  try {
    for (let r = 0; r < o.rounds; r++) {
      const mode = modeOfRound(r);
      const metricsOn = mode === "on" && on !== "traces";
      const tracesOn = mode === "on" && on !== "metrics";
      stack.setEnv({
        METRICS_TOKEN: metricsOn ? metricsToken : "",
        OTEL_EXPORTER_OTLP_ENDPOINT: tracesOn ? receiver.url : "",
        OTEL_SERVICE_NAME: tracesOn ? "labs-console-bench" : "",
      });
      await stack.start();
      const session = await signIn(stack.consoleUrl, o.demo.email, o.demo.password);
      const signedIn = { Cookie: session.cookie };
      const targets = [
        { key: "ping", url: `${stack.consoleUrl}/api/ping`, headers: {} },
        { key: "list", url: `${stack.consoleUrl}/api/warehouses?page=1&limit=25`, headers: signedIn },
        { key: "detail", url: `${stack.consoleUrl}/api/warehouses/2`, headers: signedIn },
      ];
      const metricsStatus = (await fetch(`${stack.consoleUrl}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).status;
      if (metricsStatus !== (metricsOn ? 200 : 404)) throw new Error(`/metrics answered ${metricsStatus} with metrics ${metricsOn ? "on" : "off"}`);
      let scraping: ReturnType<typeof setInterval> | undefined;
      if (metricsOn) {
        scraping = setInterval(() => {
          fetch(`${stack.consoleUrl}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
            .then(async (res) => {
              scrapes.count++;
              scrapes.bytes += (await res.arrayBuffer()).byteLength;
              if (res.status !== 200) scrapes.failed++;
            })
            .catch(() => scrapes.failed++);
        }, o.scrapeEveryMs);
      }
      try {
        for (const t of targets) await autocannon({ url: t.url, connections: o.connections, duration: o.warmupS, headers: t.headers });
        const pids = { console: stack.pids().console, receiver: receiver.pid };
        const line: string[] = [];
        for (const t of targets) {
          const before = sampleCpu(pids, ["receiver"]);
          const res = await autocannon({ url: t.url, connections: o.connections, duration: o.sliceS, headers: t.headers });
          const cpu = cpuBetween(before, sampleCpu(pids, ["receiver"]));
          if (res.non2xx + res.errors + res.timeouts > 0) failures.push(`${mode} ${t.key}: ${res.non2xx} non-2xx, ${res.errors} errors, ${res.timeouts} timeouts`);
          const answered = res["2xx"] + res.non2xx;
          requests[mode] += answered;
          samples.push({ mode, target: t.key, answered, consoleMs: cpu.processes.console!, machineMs: cpu.machineMs, receiverMs: cpu.processes.receiver! });
          line.push(`${t.key} ${round(answered / res.duration, 0)} req/s, console ${round(perRequest(cpu.processes.console!, answered), 3)} ms, machine ${round(perRequest(cpu.machineMs, answered), 3)} ms`);
        }
        o.log(`  round ${r + 1} (${mode}): ${line.join("; ")}`);
      } finally {
        clearInterval(scraping);
      }
      await stack.stop();
      if (mode === "on") Object.assign(exported, await receiver.count());
    }
  } finally {
    await stack.close();
    await receiver.stop();
  }
  const cost = costOf(samples);
  for (const [key, c] of Object.entries(cost)) {
    o.log(
      `  ${key}: console ${c.off.consoleMs} -> ${c.on.consoleMs} ms per request (x${c.consoleOnOverOff}), machine ${c.off.machineMs} -> ${c.on.machineMs} ms (x${c.machineOnOverOff}); pairs ${c.pairs.machine.join(", ")}`,
    );
  }
  o.log(`  exported ${exported.posts} OTLP posts, ${round(exported.bytes / Math.max(1, requests.on), 0)} bytes per request on; ${scrapes.count} scrapes (${scrapes.failed} failed)`);
  return {
    on,
    rounds: o.rounds,
    sliceS: o.sliceS,
    warmupS: o.warmupS,
    connections: o.connections,
    scrapeEveryS: o.scrapeEveryMs / 1000,
    cost,
    samples,
    exported: { ...exported, bytesPerRequestOn: round(exported.bytes / Math.max(1, requests.on), 0) },
    scrapes,
    failures,
  };
}

export type ObservabilityResult = Awaited<ReturnType<typeof measureObservability>>;

export function observabilityTargets(r: ObservabilityResult): { target: string; value: number | null; met: boolean }[] {
  const clean = r.on === "both" && r.failures.length === 0 && r.scrapes.failed === 0 && r.exported.bytes > 0;
  return Object.entries(r.cost).flatMap(([key, c]) => [
    { target: `metrics and tracing on: machine time per request (${key}) <= 1.05x off (median of ${r.rounds / 2} rounds each)`, value: c.machineOnOverOff, met: clean && c.machineOnOverOff <= 1.05 },
    { target: `metrics and tracing on: the console's CPU per request (${key}) <= 1.05x off`, value: c.consoleOnOverOff, met: clean && c.consoleOnOverOff <= 1.05 },
  ]);
}
