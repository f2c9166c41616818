import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { CallRecorder, mergeLocal, minuteOf, summarize } from "@/lib/health/calls";
import { checkSilence, flushMinutes, openOutage, readMinutes, recordOutage } from "@/lib/health/store";
import { openTestDb } from "@/test/store";

// The shared figures on a real store (both kinds): instances flush their minutes, any reader merges them, and the
// silent-platform check opens one outage per outage, however many instances run it.

const T0 = Date.parse("2026-11-23T08:00:00.000Z");
const MIN = 60_000;
const ok = (ms: number) => ({ operation: "list warehouses", status: 200, ms });
const down = { operation: "start stock import", status: 503, ms: 40, error: "http" };

let conn: Kysely<Database>;

beforeAll(async () => {
  conn = await openTestDb();
});

afterAll(async () => {
  await conn.destroy();
});

beforeEach(async () => {
  await conn.deleteFrom("home_upstream_minutes").execute();
  await conn.deleteFrom("home_platform_outages").execute();
});

async function healthAt(now: number) {
  return summarize(await readMinutes(conn, now), now);
}

describe("flushMinutes and readMinutes", () => {
  it("merges instances' minutes into one median and error rate; a repeated flush replaces, never adds", async () => {
    const a = new CallRecorder();
    const b = new CallRecorder();
    for (const ms of [10, 20, 30]) a.record(ok(ms), T0 + 1000);
    a.record(down, T0 + 2000);
    for (const ms of [400, 500]) b.record(ok(ms), T0 + MIN + 1000);
    await flushMinutes(conn, "a", a.takeDirty(), T0 + 2 * MIN);
    await flushMinutes(conn, "b", b.takeDirty(), T0 + 2 * MIN);
    a.record(ok(40), T0 + 3000);
    const again = a.takeDirty();
    await flushMinutes(conn, "a", again, T0 + 2 * MIN);
    await flushMinutes(conn, "a", again, T0 + 2 * MIN);

    const h = await healthAt(T0 + 5 * MIN);
    expect(h.calls).toBe(7);
    expect(h.failures).toBe(1);
    // Answered calls only: 10, 20, 30, 40 from a and 400, 500 from b.
    expect(h.medianLatencyMs).toBe(35);
    expect(h.lastFailure).toMatchObject({ kind: "http", status: 503, operation: "start stock import" });
    expect(h.lastFailure?.at).toBe(new Date(T0 + 2000).toISOString());
  });

  it("a reader's own unflushed minutes replace its stored ones", async () => {
    const a = new CallRecorder();
    a.record(ok(10), T0);
    await flushMinutes(conn, "a", a.takeDirty(), T0);
    a.record(ok(10), T0 + 1000);
    const merged = mergeLocal(await readMinutes(conn, T0 + MIN), "a", a.since(minuteOf(T0 - MIN)));
    expect(summarize(merged, T0 + MIN).calls).toBe(2);
  });

  it("drops minutes older than a day at the next flush (the home page's chart reads a day)", async () => {
    const a = new CallRecorder();
    a.record(ok(10), T0);
    await flushMinutes(conn, "a", a.takeDirty(), T0);
    await flushMinutes(conn, "b", [], T0 + 25 * 60 * MIN);
    expect(await conn.selectFrom("home_upstream_minutes").select("minute").execute()).toEqual([]);
  });
});

describe("checkSilence", () => {
  async function failFrom(recorder: CallRecorder, instance: string, from: number, until: number) {
    for (let t = from; t <= until; t += 30_000) recorder.record(down, t);
    await flushMinutes(conn, instance, recorder.takeDirty(), until);
  }

  it("raises nothing before the platform has been silent for the set minutes", async () => {
    const a = new CallRecorder();
    a.record(ok(10), T0);
    await failFrom(a, "a", T0 + MIN, T0 + 5 * MIN);
    const d = await checkSilence(conn, await healthAt(T0 + 5 * MIN), 10, T0 + 5 * MIN);
    expect(d.raise).toBeNull();
    expect(await openOutage(conn)).toBeNull();
  });

  it("raises once per outage across instances and checks, and again only after a success ended it", async () => {
    const a = new CallRecorder();
    a.record(ok(10), T0);
    await failFrom(a, "a", T0 + MIN, T0 + 12 * MIN);
    const now = T0 + 12 * MIN;
    const health = await healthAt(now);
    // Two instances check at once: one raises.
    const both = await Promise.all([checkSilence(conn, health, 10, now), checkSilence(conn, health, 10, now)]);
    const raised = both.filter((d) => d.raise);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.raise).toEqual({ since: new Date(T0 + MIN).toISOString(), minutes: 11, lastError: "start stock import, http, HTTP 503" });
    // Still silent a minute later: nothing new.
    await failFrom(a, "a", T0 + 13 * MIN, T0 + 13 * MIN);
    expect((await checkSilence(conn, await healthAt(T0 + 13 * MIN), 10, T0 + 13 * MIN)).raise).toBeNull();

    // A success ends the outage.
    const b = new CallRecorder();
    b.record(ok(10), T0 + 14 * MIN);
    await flushMinutes(conn, "b", b.takeDirty(), T0 + 14 * MIN);
    const ended = await checkSilence(conn, await healthAt(T0 + 14 * MIN), 10, T0 + 14 * MIN);
    expect(ended).toEqual({ raise: null, ended: true });
    expect(await openOutage(conn)).toBeNull();

    // The next outage is alerted again.
    await failFrom(b, "b", T0 + 15 * MIN, T0 + 26 * MIN);
    const next = await checkSilence(conn, await healthAt(T0 + 26 * MIN), 10, T0 + 26 * MIN);
    expect(next.raise?.since).toBe(new Date(T0 + 15 * MIN).toISOString());
    expect(await conn.selectFrom("home_platform_outages").select("id").execute()).toHaveLength(2);
  });

  it("two instances that both found no open outage: only one insert wins", async () => {
    const since = new Date(T0).toISOString();
    expect(await recordOutage(conn, since, null, T0 + 11 * MIN)).toBe(true);
    expect(await recordOutage(conn, since, null, T0 + 11 * MIN)).toBe(false);
    expect(await conn.selectFrom("home_platform_outages").select("id").execute()).toHaveLength(1);
  });

  it("never puts a response body in the alert", async () => {
    const a = new CallRecorder();
    a.record({ ...down, status: 500 }, T0);
    await flushMinutes(conn, "a", a.takeDirty(), T0);
    const d = await checkSilence(conn, await healthAt(T0 + 11 * MIN), 10, T0 + 11 * MIN);
    expect(d.raise?.lastError).toBe("start stock import, http, HTTP 500");
  });
});
