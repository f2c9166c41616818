import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/db/open";
import type { Database } from "@/lib/db/schema";
import { clearAccountFailures, recordFailure, THROTTLE, throttleState } from "./throttle";

let dir: string;
let conn: Kysely<Database>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-throttle-"));
  conn = await openStore(dir);
});
afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("sign-in throttling", () => {
  const t0 = Date.parse("2026-01-01T10:00:00Z");

  it("blocks an account after the limit and says for how long", async () => {
    for (let i = 0; i < THROTTLE.perAccount - 1; i++) await recordFailure(conn, "a@x.io", `10.0.0.${i}`, t0 + i * 1000);
    expect((await throttleState(conn, "a@x.io", "10.9.9.9", t0 + 10_000)).blocked).toBe(false);
    await recordFailure(conn, "A@X.io", "10.0.0.99", t0 + 20_000);
    const state = await throttleState(conn, "a@x.io", "10.9.9.9", t0 + 60_000);
    expect(state).toEqual({ blocked: true, retryAfterMinutes: 14 });
    // Another account from the same addresses is not blocked.
    expect((await throttleState(conn, "b@x.io", "10.9.9.9", t0 + 60_000)).blocked).toBe(false);
    // Unblocked once the oldest failure leaves the window.
    expect((await throttleState(conn, "a@x.io", "10.9.9.9", t0 + THROTTLE.windowMs + 1)).blocked).toBe(false);
  });

  it("blocks a client address that tries many accounts", async () => {
    const t1 = t0 + 10 * THROTTLE.windowMs;
    for (let i = 0; i < THROTTLE.perAddress; i++) await recordFailure(conn, `user${i}@x.io`, "192.0.2.7", t1 + i);
    const state = await throttleState(conn, "fresh@x.io", "192.0.2.7", t1 + 1000);
    expect(state.blocked).toBe(true);
    expect(state.retryAfterMinutes).toBe(15);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const t2 = t0 + 20 * THROTTLE.windowMs;
    for (let i = 0; i < THROTTLE.perAccount; i++) await recordFailure(conn, "c@x.io", `10.1.0.${i}`, t2 + i);
    expect((await throttleState(conn, "c@x.io", "10.2.0.1", t2 + 100)).blocked).toBe(true);
    await clearAccountFailures(conn, "c@x.io");
    expect((await throttleState(conn, "c@x.io", "10.2.0.1", t2 + 100)).blocked).toBe(false);
  });
});
