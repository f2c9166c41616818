import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";
import { releaseAttempt, reserveAttempt, takeSlot, THROTTLE, throttleState } from "@/lib/auth/throttle";

let store: Store;
let conn: Kysely<Database>;

beforeAll(async () => {
  store = await openTestStore();
  conn = store.db;
});
afterAll(async () => {
  await store.close();
});

// Each test has its own hour, so that no two see each other's rows in the window.
let hour = 0;
const nextHour = () => Date.parse("2026-01-01T00:00:00Z") + ++hour * 4 * THROTTLE.windowMs;

/** n failed attempts (reserved and never released); returns how many got through. */
async function fail(n: number, email: (i: number) => string, ip: (i: number) => string, t: number, stepMs = 1000) {
  let passed = 0;
  for (let i = 0; i < n; i++) if ((await reserveAttempt(conn, email(i), ip(i), t + i * stepMs)).ok) passed++;
  return passed;
}

describe("sign-in limits", () => {
  it("reserves atomically: parallel attempts on one account from one address get 5 checks", async () => {
    const t = nextHour();
    const results = await Promise.all(Array.from({ length: 15 }, () => reserveAttempt(conn, "race@x.io", "192.0.2.1", t)));
    expect(results.filter((r) => r.ok)).toHaveLength(THROTTLE.perPair);
    const refused = results.filter((r) => !r.ok);
    expect(refused.every((r) => !r.ok && r.limit === "pair")).toBe(true);
    // Only the first refusal is marked for the audit trail.
    expect(refused.filter((r) => !r.ok && r.first)).toHaveLength(1);
  });

  it("blocks one account from one address after 5 failures, but not its owner elsewhere", async () => {
    const t = nextHour();
    expect(await fail(5, () => "a@x.io", () => "10.0.0.1", t)).toBe(5);
    const refused = await reserveAttempt(conn, "A@X.io ", "10.0.0.1", t + 60_000);
    expect(refused).toMatchObject({ ok: false, limit: "pair" });
    expect(await throttleState(conn, "a@x.io", "10.0.0.1", t + 60_000)).toEqual({ blocked: true, limit: "pair", retryAfterMinutes: 14 });
    // The same account from another address is not locked out by a stranger.
    expect((await reserveAttempt(conn, "a@x.io", "10.0.0.2", t + 61_000)).ok).toBe(true);
    // Free again once the oldest failure leaves the window.
    expect((await reserveAttempt(conn, "a@x.io", "10.0.0.1", t + THROTTLE.windowMs + 1)).ok).toBe(true);
  });

  it("blocks an address that tries many accounts after 20 failures", async () => {
    const t = nextHour();
    expect(await fail(20, (i) => `user${i}@x.io`, () => "192.0.2.7", t, 1)).toBe(20);
    const refused = await reserveAttempt(conn, "fresh@x.io", "192.0.2.7", t + 1000);
    expect(refused).toMatchObject({ ok: false, limit: "address", first: true });
    expect(await reserveAttempt(conn, "other@x.io", "192.0.2.7", t + 2000)).toMatchObject({ ok: false, limit: "address", first: false });
    expect((await throttleState(conn, "fresh@x.io", "192.0.2.7", t + 1000)).retryAfterMinutes).toBe(15);
    // Another address is not affected.
    expect((await reserveAttempt(conn, "fresh@x.io", "192.0.2.8", t + 1000)).ok).toBe(true);
  });

  it("counts an IPv6 client by its /64: 20 failures from 20 addresses of one /64 refuse the whole /64", async () => {
    const t = nextHour();
    const inBlock = (i: number) => `2001:db8:77:1:${(i + 1).toString(16)}:${((i * 7919) % 0x10000).toString(16)}::${i.toString(16)}`;
    expect(await fail(THROTTLE.perAddress, (i) => `v6user${i}@x.io`, inBlock, t, 1)).toBe(THROTTLE.perAddress);
    expect(await reserveAttempt(conn, "v6fresh@x.io", "2001:db8:77:1:ffff:ffff:ffff:ffff", t + 1000)).toMatchObject({ ok: false, limit: "address" });
    expect((await throttleState(conn, "v6fresh@x.io", "2001:db8:77:1::abcd", t + 1000)).limit).toBe("address");
    // The neighbouring /64 is another subscriber.
    expect((await reserveAttempt(conn, "v6fresh@x.io", "2001:db8:77:2::1", t + 1000)).ok).toBe(true);
  });

  it("counts the pair limit by /64 too, and an IPv4-mapped IPv6 address as its IPv4 address", async () => {
    const t = nextHour();
    expect(await fail(THROTTLE.perPair, () => "v6pair@x.io", (i) => `2001:db8:88:5::${i + 1}`, t)).toBe(THROTTLE.perPair);
    expect(await reserveAttempt(conn, "v6pair@x.io", "2001:db8:88:5:1:2:3:4", t + 60_000)).toMatchObject({ ok: false, limit: "pair" });
    expect(await fail(THROTTLE.perPair, () => "mapped@x.io", (i) => (i % 2 ? "::ffff:192.0.2.200" : "::ffff:c000:2c8"), t)).toBe(THROTTLE.perPair);
    expect(await reserveAttempt(conn, "mapped@x.io", "192.0.2.200", t + 60_000)).toMatchObject({ ok: false, limit: "pair" });
  });

  it("slows an account down across addresses instead of locking it", async () => {
    const t = nextHour();
    // Failures from many addresses, each under its own limits.
    expect(await fail(THROTTLE.accountSlowAfter, () => "b@x.io", (i) => `198.51.100.${i}`, t)).toBe(THROTTLE.accountSlowAfter);
    const last = t + (THROTTLE.accountSlowAfter - 1) * 1000;
    // Now one check per spacing for the whole account, from any new address.
    expect(await reserveAttempt(conn, "b@x.io", "203.0.113.1", last + 1000)).toMatchObject({ ok: false, limit: "account" });
    expect((await throttleState(conn, "b@x.io", "203.0.113.1", last + 1000)).retryAfterMinutes).toBe(1);
    expect((await reserveAttempt(conn, "b@x.io", "203.0.113.2", last + THROTTLE.accountSpacingMs)).ok).toBe(true);
    expect((await reserveAttempt(conn, "b@x.io", "203.0.113.3", last + THROTTLE.accountSpacingMs + 1000)).ok).toBe(false);
    // Parallel attempts get one check between them.
    const burst = last + 3 * THROTTLE.accountSpacingMs;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => reserveAttempt(conn, "b@x.io", `203.0.113.${10 + i}`, burst)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("lets an address the account signed in from before skip the account-wide delay", async () => {
    const t = nextHour();
    const ok = await reserveAttempt(conn, "c@x.io", "192.0.2.50", t);
    expect(ok.ok).toBe(true);
    if (ok.ok) await releaseAttempt(conn, ok, "c@x.io", "192.0.2.50", t);
    expect(await fail(THROTTLE.accountSlowAfter, () => "c@x.io", (i) => `198.51.100.${i}`, t + 1000)).toBe(THROTTLE.accountSlowAfter);
    const after = t + (THROTTLE.accountSlowAfter + 1) * 1000;
    expect((await reserveAttempt(conn, "c@x.io", "203.0.113.9", after)).ok).toBe(false);
    expect((await reserveAttempt(conn, "c@x.io", "192.0.2.50", after)).ok).toBe(true);
  });

  it("a success gives its reservation back and forgets that address's failures for the account", async () => {
    const t = nextHour();
    expect(await fail(4, () => "d@x.io", () => "10.9.0.1", t)).toBe(4);
    const r = await reserveAttempt(conn, "d@x.io", "10.9.0.1", t + 10_000);
    expect(r.ok).toBe(true);
    if (r.ok) await releaseAttempt(conn, r, "d@x.io", "10.9.0.1", t + 10_000);
    expect(await fail(5, () => "d@x.io", () => "10.9.0.1", t + 20_000)).toBe(5);
    // The address's own failures still count towards its limit: 4 + 5, the success not at all.
    const address = await conn.selectFrom("login_failures").select("id").where("key", "=", "address:10.9.0.1").execute();
    expect(address).toHaveLength(9);
  });

  it("drops rows once they leave the window", async () => {
    const t = nextHour();
    await fail(3, () => "e@x.io", () => "10.8.0.1", t);
    await reserveAttempt(conn, "f@x.io", "10.8.0.2", t + THROTTLE.windowMs + 5000);
    const left = await conn.selectFrom("login_failures").select("key").where("key", "like", "%e@x.io%").execute();
    expect(left).toEqual([]);
  });

  it("takes write slots one by one: 30 of 40 parallel, then when the oldest frees, for that key only", async () => {
    const t = nextHour();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => takeSlot(conn, "views:901", 30, 60_000, t + (i % 3))));
    expect(results.filter((r) => r.ok)).toHaveLength(30);
    const refused = await takeSlot(conn, "views:901", 30, 60_000, t + 20_000);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterMs).toBeGreaterThan(39_000);
    expect((await takeSlot(conn, "views:902", 30, 60_000, t + 20_000)).ok).toBe(true);
    expect((await takeSlot(conn, "views:901", 30, 60_000, t + 60_003)).ok).toBe(true);
  });

  // Two console instances: two handles (two pools) on the same PostgreSQL database.
  describe("across instances", () => {
    let other: Store;
    beforeAll(async () => {
      other = await openStore({ databaseUrl: store.engine.connectionString, poolSize: 8 });
    });
    afterAll(async () => {
      await other.close();
    });

    it("parallel attempts through two instances still get 5 checks between them", async () => {
      const t = nextHour();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => reserveAttempt(i % 2 ? other.db : conn, "twin@x.io", "192.0.2.99", t)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(THROTTLE.perPair);
      expect(results.filter((r) => !r.ok && r.first)).toHaveLength(1);
      const pair = await conn.selectFrom("login_failures").select("id").where("key", "=", "pair:twin@x.io|192.0.2.99").execute();
      expect(pair).toHaveLength(THROTTLE.perPair);
    });

    it("write slots taken in parallel through two instances count together", async () => {
      const t = nextHour();
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => takeSlot(i % 2 ? other.db : conn, "views:903", 30, 60_000, t)));
      expect(results.filter((r) => r.ok)).toHaveLength(30);
    });

    it("parallel attempts on one account from many addresses through two instances get one check past the slow-down", async () => {
      const t = nextHour();
      expect(await fail(THROTTLE.accountSlowAfter, () => "twin2@x.io", (i) => `198.51.100.${i}`, t)).toBe(THROTTLE.accountSlowAfter);
      const burst = t + THROTTLE.accountSlowAfter * 1000 + 3 * THROTTLE.accountSpacingMs;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => reserveAttempt(i % 2 ? other.db : conn, "twin2@x.io", `203.0.113.${40 + i}`, burst)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });
  });
});
