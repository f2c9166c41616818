import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { createChainQueue, everyInstance, sendLink, startChain, stopInstanceTimers, type Chain } from "@/lib/jobs/periodic";
import { PLATFORM_CHECK } from "@/lib/home/check-queue";
import { openTestStore } from "@/lib/testing/store";

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
const slotOf = (seconds: number) => Math.floor(Date.now() / (seconds * 1000));

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
    const runs: number[] = [];
    const run = async () => void runs.push(slotOf(chain.seconds));
    await Promise.all([startChain(a, chain, run), startChain(b, chain, run)]);
    await sleep(7_000);
    await a.offWork(chain.queue);
    await b.offWork(chain.queue);
    expect(new Set(runs).size).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.at(-1)! - runs[0]!).toBe(runs.length - 1);
  }, 20_000);

  it("a run that fails leaves its successor: the chain goes on", async () => {
    const chain: Chain = { queue: "test.chain-failing", seconds: 2, expireInSeconds: 30, pollingIntervalSeconds: 0.5 };
    const slots = new Set<number>();
    await startChain(a, chain, async () => {
      slots.add(slotOf(chain.seconds));
      throw new Error("platform down");
    });
    await sleep(5_000);
    await a.offWork(chain.queue);
    expect(slots.size).toBeGreaterThanOrEqual(2);
  }, 20_000);
});

describe("a timer on every instance", () => {
  afterEach(stopInstanceTimers);

  it("runs until stopped, once per name however often it is set, on past a failing run", async () => {
    let figures = 0;
    let failing = 0;
    everyInstance("figures", 20, () => void figures++);
    everyInstance("figures", 20, () => void figures++);
    everyInstance("failing", 20, () => {
      failing++;
      throw new Error("store down");
    });
    await sleep(110);
    expect(figures).toBeGreaterThanOrEqual(3);
    expect(figures).toBeLessThanOrEqual(6);
    expect(failing).toBeGreaterThanOrEqual(3);
    stopInstanceTimers();
    const stoppedAt = figures;
    await sleep(60);
    expect(figures).toBe(stoppedAt);
  });
});
