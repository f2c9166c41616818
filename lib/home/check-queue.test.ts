import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { createPlatformCheckQueue, PLATFORM_CHECK_QUEUE, sendPlatformCheck } from "@/lib/home/check-queue";
import { openTestStore } from "@/lib/testing/store";

// Two instances (two engines on one store) each send the period's silent-platform check: one job is queued.

let store: Store;
let a: JobEngine;
let b: JobEngine;

beforeAll(async () => {
  store = await openTestStore();
  a = await startEngine(store, { superviseSeconds: 1 });
  b = await startEngine(store, { superviseSeconds: 1 });
  await createPlatformCheckQueue(a);
  await createPlatformCheckQueue(b);
}, 60_000);

afterAll(async () => {
  await a.stop({ graceful: false });
  await b.stop({ graceful: false });
  await store.close();
});

describe("the platform check's queue", () => {
  it("queues one check per period however many instances send it", async () => {
    const sent = await Promise.all([sendPlatformCheck(a), sendPlatformCheck(b), sendPlatformCheck(a), sendPlatformCheck(b)]);
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
    const queued = await a.fetch(PLATFORM_CHECK_QUEUE, { batchSize: 10 });
    expect(queued).toHaveLength(1);
  });
});
