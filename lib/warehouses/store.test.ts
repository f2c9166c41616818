import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/db/open";
import type { Database } from "@/lib/db/schema";
import { LockBusyError, release, tryAcquire, withStoreLock } from "@/lib/warehouses/store";

// The lock behind default-warehouse changes, on a real console store: one holder at a time in
// this process and across instances (another instance is another holder of the same row).

let dir: string;
let conn: Kysely<Database>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-store-lock-"));
  conn = await openStore(dir);
});

afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("withStoreLock", () => {
  it("runs concurrent holders one at a time, in the order they came", async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        withStoreLock(conn, "serial", async () => {
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
    expect(await conn.selectFrom("console_locks").selectAll().where("name", "=", "serial").execute()).toEqual([]);
  });

  it("releases the lock when the holder fails", async () => {
    await expect(withStoreLock(conn, "failing", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withStoreLock(conn, "failing", async () => "next")).toBe("next");
  });

  it("waits for another instance's lease, and gives up with LockBusyError when it stays taken", async () => {
    expect(await tryAcquire(conn, "shared", "other-instance", 60_000)).toBe(true);
    await expect(withStoreLock(conn, "shared", async () => "never", { waitMs: 100, pollMs: 10 })).rejects.toBeInstanceOf(LockBusyError);
    setTimeout(() => void release(conn, "shared", "other-instance"), 80);
    const started = Date.now();
    expect(await withStoreLock(conn, "shared", async () => "mine", { waitMs: 2000, pollMs: 10 })).toBe("mine");
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
  });

  it("takes over a lease whose holder stopped renewing it, and renews its own while it works", async () => {
    const now = Date.now();
    expect(await tryAcquire(conn, "lease", "stopped", 50, now)).toBe(true);
    expect(await tryAcquire(conn, "lease", "newcomer", 50, now + 10)).toBe(false);
    expect(await tryAcquire(conn, "lease", "newcomer", 50, now + 60)).toBe(true);
    await release(conn, "lease", "newcomer");

    let stolen = false;
    await withStoreLock(
      conn,
      "lease",
      async () => {
        // Well past one lease: only renewal keeps the other instance out.
        for (let i = 0; i < 10; i++) {
          await sleep(40);
          if (await tryAcquire(conn, "lease", "other-instance", 150)) stolen = true;
        }
      },
      { leaseMs: 150 },
    );
    expect(stolen).toBe(false);
  });
});
