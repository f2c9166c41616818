import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { notify, openStore, StoreInUseError } from "@/lib/db/open";
import { openTestStore } from "@/lib/testing/store";

describe("the store", () => {
  it("runs the same queries on the test store: insert, count, update counts, notify", async () => {
    const store = await openTestStore();
    try {
      const db = store.db;
      await db.insertInto("members").values({ email: "a@b.c", name: "A", role: "admin", password_hash: null, source: "password", created_at: "x", updated_at: "x" }).execute();
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

  it("keeps the embedded store in an owner-only directory and reopens it with its rows", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "labs-store-"));
    try {
      const first = await openStore({ dataDir: dir });
      await first.db.insertInto("audit_events").values({ at: "2026-01-01T00:00:00.000Z", action: "x", outcome: "success", actor_id: null, actor_email: null, target_type: null, target_id: null, message: null, before_json: null, after_json: null, details_json: null, request_id: null, ip: null }).execute();
      await first.close();
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const again = await openStore({ dataDir: dir });
      const rows = await again.db.selectFrom("audit_events").select("action").execute();
      await again.close();
      expect(rows).toEqual([{ action: "x" }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the embedded store's owner", () => {
  it("refuses a second process on the same files, and takes over from a killed one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "labs-store-owner-"));
    try {
      // A live process that is not us (the test runner's parent) holds it.
      writeFileSync(path.join(dir, "store.pid"), `${process.ppid}\n`);
      await expect(openStore({ dataDir: dir })).rejects.toThrow(StoreInUseError);
      await expect(openStore({ dataDir: dir })).rejects.toThrow(`in use by process ${process.ppid}`);
      // A pid no process has: left behind by a kill -9.
      writeFileSync(path.join(dir, "store.pid"), "2147483646\n");
      const store = await openStore({ dataDir: dir });
      expect(readFileSync(path.join(dir, "store.pid"), "utf8").trim()).toBe(String(process.pid));
      await store.close();
      expect(existsSync(path.join(dir, "store.pid"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
