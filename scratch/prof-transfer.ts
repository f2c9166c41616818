import { spawn } from "node:child_process";
import { Session } from "node:inspector/promises";
import { writeFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { openStore } from "@/lib/db/open";
import { createUpstreamClient } from "@/lib/upstream/client";
import { createTransferRun } from "@/lib/erp/store";
import { processRun, rememberCreatedOrders } from "@/lib/erp/runner";

const TOKEN = "prof-token-123456789";
const PORT = 4391;
async function main() {
  const emu = spawn(process.execPath, ["--import", "tsx", "emulator/main.ts"], { env: { ...process.env, EMULATOR_PORT: String(PORT), LABS_API_TOKEN: TOKEN, DATA_DIR: "/tmp/prof-emu" }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((r) => emu.stdout!.on("data", (d) => String(d).includes("listening") && r()));
  const url = `http://127.0.0.1:${PORT}`;
  const ctl = async (m: string, p: string, b?: unknown) => (await fetch(`${url}/__emulator${p}`, { method: m, headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) })).json();
  const store = await openStore(process.env.PGURL ? { databaseUrl: process.env.PGURL } : (rmSync("/tmp/prof-store", { recursive: true, force: true }), { dataDir: "/tmp/prof-store" }));
  const client = createUpstreamClient({ baseUrl: url, token: TOKEN, timeoutMs: 10000 });
  for (let round = 0; round < 3; round++) {
    const seeded = (await ctl("POST", "/seed", { orders: 10000 })) as { orders: { ids: string[] } };
    const ids = seeded.orders.ids;
    const insp = new Session();
    if (round === 2) { insp.connect(); await insp.post("Profiler.enable"); await insp.post("Profiler.start"); }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const { run } = await createTransferRun(store.db, { actor: { id: 1, email: "a@b.c", name: "A" }, idempotencyKey: randomUUID(), request: { orderIds: ids }, batchSize: 100, maxOrdersPerRun: 10000, enqueue: async (_t, job, o) => { if (o) rememberCreatedOrders(job.jobId, o); } });
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    const calls: number[] = [];
    const timed = { async transferOrders(b: readonly string[]) { const s = performance.now(); try { return await client.transferOrders(b); } finally { calls.push(performance.now() - s); } } };
    const done = await processRun({ db: store.db, upstream: timed, inFlight: Number(process.env.INFLIGHT ?? 2) }, { runId: run.id, jobId: run.job_id! });
    const t2 = performance.now();
    const c2 = process.cpuUsage(c0);
    if (round === 2) { const { profile } = await insp.post("Profiler.stop"); writeFileSync("/tmp/prof2/run.cpuprofile", JSON.stringify(profile)); }
    calls.sort((a, b) => a - b);
    const emuLog = (await ctl("GET", "/requests?since=0&limit=1000")) as { requests: { path: string; durationMs: number }[] };
    const emuMs = emuLog.requests.filter((r) => r.path.includes("transfer")).slice(-100).reduce((n, r) => n + r.durationMs, 0);
    console.log(`  calls median ${calls[50]!.toFixed(2)} ms p90 ${calls[90]!.toFixed(2)}; emulator handling ${emuMs.toFixed(0)} ms`);
    console.log(`round ${round}: create ${(t1 - t0).toFixed(0)} ms (cpu ${((c1.user + c1.system) / 1000).toFixed(0)}), process ${(t2 - t1).toFixed(0)} ms, cpu total ${((c2.user + c2.system) / 1000).toFixed(0)} ms, state ${done?.state} ${done?.transferred_count}`);
  }
  await store.close();
  emu.kill();
}
main().catch((e) => { console.error(e); process.exit(1); });
