import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRequest, rateHeaders, windowStart } from "@/lib/apikeys/rate-limit";
import type { Database } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";

let conn: Kysely<Database>;

async function key(id: string): Promise<string> {
  const at = new Date();
  await conn
    .insertInto("api_keys")
    .values({ id, name: id, role: "viewer", secret_hash: id, display_prefix: "labsc_x", allowed_addresses: [], rate_per_minute: 3, created_at: at, created_by_id: null, created_by_name: "t", expires_at: new Date(at.getTime() + 86_400_000) })
    .execute();
  return id;
}

beforeAll(async () => {
  conn = await openTestDb();
});
afterAll(async () => {
  await conn.destroy();
});

describe("countRequest", () => {
  it("allows the limit in a window, refuses the next, and starts afresh in the next window", async () => {
    const id = await key("00000000-0000-4000-8000-00000000000a");
    const t0 = windowStart(Date.UTC(2026, 0, 1, 10, 0, 30)) + 15_000;
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await countRequest(conn, id, 3, t0 + i));
    expect(seen.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(seen[3]!.resetSeconds).toBe(45);
    const next = await countRequest(conn, id, 3, t0 + 60_000);
    expect([next.allowed, next.remaining]).toEqual([true, 2]);
  });

  it("counts each key apart, and concurrent requests one by one", async () => {
    const a = await key("00000000-0000-4000-8000-00000000000b");
    const b = await key("00000000-0000-4000-8000-00000000000c");
    const now = Date.now();
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => countRequest(conn, a, 5, now)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect((await countRequest(conn, b, 5, now)).remaining).toBe(4);
  });

  it("says the limit, what is left and when the window ends in the RateLimit headers", () => {
    expect(rateHeaders({ limit: 10, remaining: 3, resetSeconds: 12, allowed: true })).toEqual({ "RateLimit-Limit": "10", "RateLimit-Remaining": "3", "RateLimit-Reset": "12" });
  });
});
