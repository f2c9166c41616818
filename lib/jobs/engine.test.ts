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
});
