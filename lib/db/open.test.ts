import { describe, expect, it } from "vitest";
import { notify } from "@/lib/store/open";
import { openTestStore } from "@/test/store";

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
});
