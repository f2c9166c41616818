import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertEvent } from "@/lib/alerts/events";
import type { Database } from "@/lib/store/schema";
import { CallRecorder } from "@/lib/health/calls";
import { platformCheck } from "@/lib/health/check";
import { flushMinutes } from "@/lib/health/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { openTestDb } from "@/test/store";
import { createUpstreamClient } from "@/lib/upstream/client";

// The silent-platform check end to end: the real emulator over HTTP, a fault injected in it, a real store, and two
// instances (two recorders, two clients) checking in turn on a clock the test moves. With nobody calling, the check
// probes; the alert is raised once per outage, and a success ends the outage.

const TOKEN = "unit-test-token-silent-9c2f4a";
const MIN = 60_000;
let emulator: LiveEmulator;
let conn: Kysely<Database>;
let t = Date.parse("2026-11-23T08:00:00.000Z");
const clock = () => t;

function instance(id: string) {
  const recorder = new CallRecorder(Math.random, clock);
  const client = createUpstreamClient({ baseUrl: emulator.url, token: TOKEN, timeoutMs: 1000, retryDelayMs: 10, onCall: (e) => recorder.record(e) });
  const raised: AlertEvent[] = [];
  const check = () =>
    platformCheck({
      conn,
      recorder,
      instanceId: id,
      ping: () => client.ping(),
      silentMinutes: 10,
      raise: async (event) => void raised.push(event),
      now: clock,
    });
  return { recorder, client, raised, check, flush: () => flushMinutes(conn, id, recorder.takeDirty(), t) };
}

async function upstreamCalls(): Promise<number> {
  const { requests } = await emulator.control<{ requests: { path: string }[] }>("GET", "/requests?since=0");
  return requests.filter((r) => r.path === "/v1/stores").length;
}

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "silent");
  conn = await openTestDb();
});

afterAll(async () => {
  await conn.destroy();
  await emulator.close();
});

describe("platformCheck", () => {
  it("probes only when nobody calls, raises platform.unanswered once per outage across instances, and a success ends it", async () => {
    const a = instance("a");
    const b = instance("b");
    // Time passes; each instance's flush timer (every 20 s) has written its minutes.
    const tick = async (ms: number) => {
      t += ms;
      await Promise.all([a.flush(), b.flush()]);
    };

    // Nobody has called: the first check probes, the platform answers.
    let r = await a.check();
    expect(r.probed).toBe(true);
    expect(r.health.lastSuccessAt).toBe(new Date(t).toISOString());
    // A call by the console a moment later: the next check has no reason to probe.
    t += 30_000;
    await b.client.listWarehouses({ page: 1, limit: 5 });
    const before = await upstreamCalls();
    await tick(30_000);
    r = await a.check();
    expect(r.probed).toBe(false);
    expect(await upstreamCalls()).toBe(before);

    // The platform stops answering.
    await emulator.control("POST", "/faults", { path: "/v1/stores", kind: "respond", status: 503, body: { status: "error", message: "iç hata" } });
    t += MIN;
    await b.client.listWarehouses({ page: 1, limit: 5 }).catch(() => undefined);
    const since = new Date(t).toISOString();
    for (let minute = 1; minute <= 9; minute++) {
      await tick(MIN);
      // The instances take turns (the singleton job runs on whichever takes it); each probes, the calls fail.
      r = await (minute % 2 ? a : b).check();
      expect(r.probed).toBe(true);
      expect(r.raise).toBeNull();
    }
    expect(r.health.failingSince).toBe(since);

    await tick(MIN); // ten minutes since the first failure
    const first = await a.check();
    await tick(30_000);
    const second = await b.check();
    await tick(MIN);
    const third = await a.check();
    expect([first.raise, second.raise, third.raise].filter(Boolean)).toHaveLength(1);
    expect([...a.raised, ...b.raised]).toEqual([
      { type: "platform.unanswered", minutes: 10, since, lastError: "health check, http, HTTP 503", at: expect.any(String) },
    ]);
    // The 5xx body never reaches the alert.
    expect(JSON.stringify(a.raised)).not.toContain("iç hata");

    // It answers again: the next probe ends the outage.
    await emulator.control("DELETE", "/faults");
    await tick(MIN);
    r = await b.check();
    expect(r.probed).toBe(true);
    expect(r.ended).toBe(true);
    expect(r.health.failingSince).toBeNull();

    // A second outage is alerted again. Nobody calls: the idle probe (every 5 minutes) finds it, then probes each minute.
    await emulator.control("POST", "/faults", { path: "/v1/stores", kind: "drop" });
    for (let minute = 1; minute <= 14; minute++) {
      await tick(MIN);
      await (minute % 2 ? a : b).check();
    }
    expect([...a.raised, ...b.raised]).toHaveLength(1);
    for (let minute = 1; minute <= 2; minute++) {
      await tick(MIN);
      await (minute % 2 ? a : b).check();
    }
    expect([...a.raised, ...b.raised]).toHaveLength(2);
    expect([...a.raised, ...b.raised][1]).toMatchObject({ lastError: "health check, network" });
    await emulator.control("DELETE", "/faults");
  });
});
