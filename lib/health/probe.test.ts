import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { createUpstreamClient } from "@/lib/upstream/client";
import { createHealthProbe } from "@/lib/health/probe";

// The health check against the real emulator over HTTP: however often it is asked, the upstream
// gets at most one call per window, and none is retried.

const TOKEN = "unit-test-token-health-3b8e1d";
let emulator: LiveEmulator;
const control = (method: string, p: string, body?: unknown) => emulator.control(method, p, body);

/** Calls the upstream received for the health check's read. */
async function probes(): Promise<number> {
  const { requests } = (await control("GET", "/requests?since=0")) as { requests: { method: string; path: string }[] };
  return requests.filter((r) => r.method === "GET" && r.path === "/v1/stores").length;
}

/** A clock the test moves by hand. */
function manualClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "health");
});

afterAll(() => emulator.close());

beforeEach(async () => {
  await control("DELETE", "/faults");
  await control("POST", "/reset");
});

describe("health probe", () => {
  it("shares one upstream call between concurrent checks and reuses the answer within the window", async () => {
    const clock = manualClock();
    const check = createHealthProbe(() => emulator.client.ping(), { ttlMs: 5_000, now: clock.now });
    const answers = await Promise.all(Array.from({ length: 50 }, () => check()));
    expect(answers.every((a) => a.reachable)).toBe(true);
    expect(await probes()).toBe(1);

    for (let i = 0; i < 50; i++) {
      clock.advance(90);
      expect((await check()).reachable).toBe(true);
    }
    expect(await probes()).toBe(1);

    clock.advance(500);
    await Promise.all(Array.from({ length: 20 }, () => check()));
    expect(await probes()).toBe(2);
  });

  it("asks once, without a retry, when the upstream fails, and reuses the failure", async () => {
    const clock = manualClock();
    const check = createHealthProbe(() => emulator.client.ping(), { ttlMs: 5_000, now: clock.now });
    await control("POST", "/faults", { method: "GET", path: "/v1/stores", kind: "respond", status: 503 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => check()));
    expect(answers[0]).toEqual({ reachable: false, reason: "http", upstreamStatus: 503 });
    expect(new Set(answers).size).toBe(1);
    for (let i = 0; i < 30; i++) await check();
    expect(await probes()).toBe(1);

    // Once the window has passed, the next check sees the upstream again.
    await control("DELETE", "/faults");
    clock.advance(5_000);
    expect(await check()).toMatchObject({ reachable: true });
    expect(await probes()).toBe(2);
  });

  it("reports a refused connection as a network failure", async () => {
    const refused = createUpstreamClient({ baseUrl: "http://127.0.0.1:9", token: TOKEN, timeoutMs: 1000, retryDelayMs: 10 });
    const check = createHealthProbe(() => refused.ping());
    expect(await check()).toEqual({ reachable: false, reason: "network", upstreamStatus: null });
  });
});
