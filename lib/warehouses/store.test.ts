import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import { openTestStore } from "@/test/store";
import { LOCK_SPACE, LockBusyError, withStoreLock } from "@/lib/warehouses/store";

// The lock behind default-warehouse changes, on a real console store: one holder at a time in this
// process and, on a PostgreSQL server, across instances (another instance is another handle on the same database).

let store: Store;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  store = await openTestStore();
});

afterAll(async () => {
  await store.close();
});

/** Holds `name` until the returned release is called; resolves once it is held. */
async function hold(on: Store, name: string): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const taken = new Promise<void>((r) => (held = r));
  const done = withStoreLock(on, name, async () => {
    held();
    await gate;
  });
  await Promise.race([taken, done]);
  return { release, done };
}

describe("withStoreLock", () => {
  it("runs concurrent holders one at a time, in the order they came", async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        withStoreLock(store, "serial", async () => {
          inside++;
          most = Math.max(most, inside);
          await sleep(15);
          order.push(n);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it("releases the lock when the holder fails", async () => {
    await expect(withStoreLock(store, "failing", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withStoreLock(store, "failing", async () => "next", { waitMs: 500 })).toBe("next");
  });

  it("gives a waiter past its limit LockBusyError, and the next one the lock once it is free", async () => {
    const holder = await hold(store, "busy");
    await expect(withStoreLock(store, "busy", async () => "never", { waitMs: 100 })).rejects.toBeInstanceOf(LockBusyError);
    setTimeout(holder.release, 80);
    const started = Date.now();
    expect(await withStoreLock(store, "busy", async () => "mine", { waitMs: 2000 })).toBe("mine");
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    await holder.done;
  });
});

// Another instance: a second handle (its own pool) on the same PostgreSQL database.
describe("withStoreLock across instances", () => {
  let other: Store;
  let url: string;

  beforeAll(async () => {
    url = store.engine.connectionString;
    other = await openStore({ databaseUrl: url, poolSize: 4 });
  });
  afterAll(async () => {
    await other.close();
  });

  it("excludes a holder on another handle, which waits and then runs", async () => {
    let inside = 0;
    let most = 0;
    const order: string[] = [];
    const work = (who: string) => async () => {
      inside++;
      most = Math.max(most, inside);
      await sleep(60);
      order.push(who);
      inside--;
    };
    const first = await hold(store, "shared");
    const second = withStoreLock(other, "shared", work("other"), { waitMs: 5000 });
    await sleep(150);
    expect(order).toEqual([]);
    first.release();
    await first.done;
    await Promise.all([second, withStoreLock(store, "shared", work("store"), { waitMs: 5000 })]);
    expect(most).toBe(1);
    expect(order).toContain("other");
  });

  it("gives a waiter on another handle LockBusyError past its limit", async () => {
    const holder = await hold(store, "busy-across");
    const started = Date.now();
    await expect(withStoreLock(other, "busy-across", async () => "never", { waitMs: 200 })).rejects.toBeInstanceOf(LockBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    holder.release();
    await holder.done;
    expect(await withStoreLock(other, "busy-across", async () => "mine", { waitMs: 500 })).toBe("mine");
  });

  it("frees the lock at once when its holder's connection dies", async () => {
    // A holder that crashed mid-work: its session took the lock and then went away without unlocking.
    const dying = new pg.Client({ connectionString: url });
    await dying.connect();
    await dying.query("select pg_advisory_lock($1::int, hashtext($2))", [LOCK_SPACE, "crash"]);
    await expect(withStoreLock(store, "crash", async () => "never", { waitMs: 150 })).rejects.toBeInstanceOf(LockBusyError);
    const waiting = withStoreLock(store, "crash", async () => Date.now(), { waitMs: 5000 });
    await sleep(100);
    const died = Date.now();
    await dying.end();
    expect((await waiting) - died).toBeLessThan(1000);
  });

  it("leaves no advisory lock behind", async () => {
    await withStoreLock(store, "tidy", async () => undefined);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_locks
      where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
    `.execute(store.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
