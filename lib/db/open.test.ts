import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openStore } from "@/lib/db/open";
import { notify } from "@/lib/store/open";
import { openTestStore } from "@/test/store";
import { createTestDatabase } from "@/test/test-database";

describe("the store", () => {
  it("runs the same queries on the test store: insert, count, update counts, notify", async () => {
    const store = await openTestStore();
    try {
      const db = store.db;
      await db.insertInto("members").values({ email: "a@b.c", name: "A", role: "admin", password_hash: null, source: "password", created_at: new Date(), updated_at: new Date() }).execute();
      const { n } = await db.selectFrom("members").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(1);
      const updated = await db.updateTable("members").set({ name: "B" }).executeTakeFirst();
      expect(Number(updated.numUpdatedRows)).toBe(1);
      const got: string[] = [];
      const listener = await store.listen("labs_test", (p) => got.push(p));
      await notify(db, "labs_test", "hello");
      await expect.poll(() => got, { timeout: 3000 }).toEqual(["hello"]);
      await listener.close();
    } finally {
      await store.close();
    }
  });

  it("with minIdle, leaves that many connections open past idleTimeoutMillis", { timeout: 20_000 }, async () => {
    const database = await createTestDatabase();
    const store = await openStore({ databaseUrl: database.url, poolSize: 4, idleTimeoutMillis: 300, minIdle: 1 });
    const probe = await openStore({ databaseUrl: database.url, poolSize: 1 });
    const others = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(probe.db)).rows[0]!.n;
    try {
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.3)`.execute(store.db)));
      expect(await others()).toBeGreaterThan(1);
      // A closed connection's backend leaves pg_stat_activity a moment after the pool lets it go.
      await expect.poll(others, { timeout: 5_000, interval: 100 }).toBe(1);
      await new Promise((r) => setTimeout(r, 600));
      expect(await others()).toBe(1);
    } finally {
      await store.close();
      await probe.close();
      await database.drop();
    }
  });

  it("closes a connection left unused for idleTimeoutMillis, and opens one again when asked", { timeout: 20_000 }, async () => {
    const database = await createTestDatabase();
    const store = await openStore({ databaseUrl: database.url, poolSize: 4, idleTimeoutMillis: 300 });
    const probe = await openStore({ databaseUrl: database.url, poolSize: 1 });
    const others = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(probe.db)).rows[0]!.n;
    try {
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.1)`.execute(store.db)));
      expect(await others()).toBe(3);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await others()).toBe(0);
      await sql`select 1`.execute(store.db);
      expect(await others()).toBe(1);
    } finally {
      await store.close();
      await probe.close();
      await database.drop();
    }
  });
});
