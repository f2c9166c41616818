import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { openStore } from "@/lib/db/open";
import { createTransferRun, settleBatch } from "@/lib/erp/store";
async function main() {
  rmSync("/tmp/prof-store2", { recursive: true, force: true });
  const store = await openStore(process.env.PGURL ? { databaseUrl: process.env.PGURL } : { dataDir: process.env.MEM ? "memory://" : "/tmp/prof-store2" });
  for (let round = 0; round < 3; round++) {
    const ids = Array.from({ length: 10000 }, (_, i) => String(1000000 + round * 10000 + i));
    const { run } = await createTransferRun(store.db, { actor: { id: 1, email: "a@b.c", name: "A" }, idempotencyKey: randomUUID(), request: { orderIds: ids }, batchSize: 100, maxOrdersPerRun: 10000, enqueue: async () => undefined });
    const batch = (b: number) => ({ number: b + 1, rows: ids.slice(b * 100, b * 100 + 100).map((order_id, i) => ({ position: b * 100 + i + 1, order_id })) });
    await settleBatch(store.db, { runId: run.id, jobId: run.job_id!, done: [], inFlight: [batch(0)], added: 1 });
    const c0 = process.cpuUsage(); const t0 = performance.now();
    for (let b = 0; b < 99; b++) {
      await settleBatch(store.db, { runId: run.id, jobId: run.job_id!, done: batch(b).rows.map((r) => ({ position: r.position, outcome: "transferred" as const, reason: null, reasonCode: null })), inFlight: [batch(b + 1)], added: 1 });
    }
    const t = performance.now() - t0; const c = process.cpuUsage(c0);
    console.log(`round ${round}: ${(t / 99).toFixed(2)} ms per settle, cpu ${((c.user + c.system) / 1000 / 99).toFixed(2)} ms`);
  }
  await store.close();
}
main();
