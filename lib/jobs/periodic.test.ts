import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/open";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { createChainQueue, everyInstance, sendLink, startChain, stopInstanceTimers, type Chain } from "@/lib/jobs/periodic";
import { PLATFORM_CHECK } from "@/lib/home/check-queue";
import { openTestStore } from "@/test/store";

// Two instances (two engines on one store) on the same chains, as a cluster runs them.

let store: Store;
let a: JobEngine;
let b: JobEngine;

beforeAll(async () => {
  store = await openTestStore();
  a = await startEngine(store, { superviseSeconds: 1 });
  b = await startEngine(store, { superviseSeconds: 1 });
}, 60_000);

afterAll(async () => {
  await a.stop({ graceful: false });
  await b.stop({ graceful: false });
  await store.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chain's jobs in the engine's table, oldest slot first: each slot's start (ms) and state. */
async function links(queue: string): Promise<{ slot: number; state: string }[]> {
  const { rows } = await sql<{ slot: Date; state: string }>`select singleton_on as slot, state from pgboss.job where name = ${queue} order by singleton_on`.execute(store.db);
  return rows.map((r) => ({ slot: new Date(`${r.slot.toISOString().slice(0, -1)}Z`).getTime(), state: r.state }));
}

describe("a chain on the job engine", () => {
  it("the platform check: however many instances send it, one job now and one for the next period", async () => {
    await createChainQueue(a, PLATFORM_CHECK);
    await createChainQueue(b, PLATFORM_CHECK);
    const sent = await Promise.all([sendLink(a, PLATFORM_CHECK), sendLink(b, PLATFORM_CHECK), sendLink(a, PLATFORM_CHECK), sendLink(b, PLATFORM_CHECK)]);
    expect(sent.filter((id) => id !== null)).toHaveLength(2);
    // One is due now; the next period's waits for its start.
    expect(await a.fetch(PLATFORM_CHECK.queue, { batchSize: 10 })).toHaveLength(1);
    expect(await a.fetch(PLATFORM_CHECK.queue, { batchSize: 10, includeMetadata: true, ignoreStartAfter: true })).toHaveLength(1);
  });

  it("two instances working one chain run it once per slot, slot after slot", async () => {
    const chain: Chain = { queue: "test.chain-two", seconds: 2, expireInSeconds: 30, pollingIntervalSeconds: 0.5 };
    let runs = 0;
    const run = async () => void runs++;
    const started = Date.now();
    await Promise.all([startChain(a, chain, run), startChain(b, chain, run)]);
    await sleep(7_000);
    await a.offWork(chain.queue);
    await b.offWork(chain.queue);
    // At most one run per 2-s slot begun while working (a loaded machine stops late), each its own slot, one after
    // another, and the next one waiting.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 2000) + 2);
    const sent = await links(chain.queue);
    expect(sent.map((l) => l.state)).toEqual([...Array<string>(runs).fill("completed"), "created"]);
    expect(sent.map((l) => l.slot - sent[0]!.slot)).toEqual(sent.map((_, i) => i * chain.seconds * 1000));
  }, 20_000);

  it("a run that fails leaves its successor: the chain goes on", async () => {
    const chain: Chain = { queue: "test.chain-failing", seconds: 2, expireInSeconds: 30, pollingIntervalSeconds: 0.5 };
    let runs = 0;
    await startChain(a, chain, async () => {
      runs++;
      throw new Error("platform down");
    });
    await sleep(5_000);
    await a.offWork(chain.queue);
    // Each slot's job failed (and waits for its retry), and each had sent the next.
    const sent = await links(chain.queue);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(["failed", "retry"]).toContain(sent[0]!.state);
    expect(runs).toBeGreaterThanOrEqual(sent.length - 1);
  }, 20_000);
});

describe("a timer on every instance", () => {
  afterEach(() => {
    stopInstanceTimers();
    vi.useRealTimers();
  });

  it("runs until stopped, once per name however often it is set, on past a failing run", async () => {
    vi.useFakeTimers();
    let figures = 0;
    let failing = 0;
    everyInstance("figures", 20, () => void figures++);
    everyInstance("figures", 20, () => void figures++);
    everyInstance("failing", 20, () => {
      failing++;
      throw new Error("store down");
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(figures).toBe(5);
    expect(failing).toBe(5);
    stopInstanceTimers();
    await vi.advanceTimersByTimeAsync(100);
    expect(figures).toBe(5);
  });
});
