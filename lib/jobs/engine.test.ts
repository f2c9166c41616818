import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";

let store: Store;
let boss: JobEngine | undefined;

beforeAll(async () => {
  store = await openTestStore();
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await store.close();
});

async function engineConnections(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'pgboss%'`.execute(store.db);
  return rows[0]!.n;
}

describe("the job engine's connections", () => {
  it("with a pool of one, holds two while five queues are worked at once: the pool's and the listener's", { timeout: 30_000 }, async () => {
    boss = await startEngine(store, { superviseSeconds: 1, poolSize: 1 });
    const queues = ["pool-a", "pool-b", "pool-c", "pool-d", "pool-e"];
    const done: string[] = [];
    for (const q of queues) {
      await boss.createQueue(q);
      await boss.work(q, { pollingIntervalSeconds: 0.5 }, async () => void done.push(q));
    }
    await Promise.all(queues.map((q) => boss!.send(q, {})));
    const deadline = Date.now() + 15_000;
    let most = 0;
    while (done.length < queues.length && Date.now() < deadline) {
      most = Math.max(most, await engineConnections());
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(done.sort()).toEqual(queues);
    expect(Math.max(most, await engineConnections())).toBe(2);
  });

  it("on the store's pool, opens no pool of its own: it works the jobs on the store's connections, its listener apart", { timeout: 30_000 }, async () => {
    await boss?.stop({ graceful: false });
    boss = await startEngine(store, { superviseSeconds: 1, sharePool: true });
    const queues = ["shared-a", "shared-b", "shared-c"];
    const done: string[] = [];
    for (const q of queues) {
      await boss.createQueue(q);
      await boss.work(q, { pollingIntervalSeconds: 0.5 }, async () => void done.push(q));
    }
    await Promise.all(queues.map((q) => boss!.send(q, {})));
    const deadline = Date.now() + 15_000;
    let most = 0;
    while (done.length < queues.length && Date.now() < deadline) {
      most = Math.max(most, await engineConnections());
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(done.sort()).toEqual(queues);
    expect(Math.max(most, await engineConnections())).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %pgboss%'`.execute(store.db);
    expect(rows[0]!.n).toBe(1);
    expect(store.engine.shared.poolCounts().total).toBeGreaterThan(0);
  });
});
