import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";

// Sign-in throttling: too many failures for one account, or from one client address, within the
// window block further attempts until the oldest counted failure leaves the window.

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
};

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

export interface ThrottleState {
  blocked: boolean;
  /** Whole minutes until the next attempt is allowed (at least 1 when blocked). */
  retryAfterMinutes: number;
}

async function stateFor(conn: Kysely<Database>, key: string, limit: number, now: number): Promise<number> {
  const since = new Date(now - THROTTLE.windowMs).toISOString();
  const rows = await conn
    .selectFrom("login_failures")
    .select("at")
    .where("key", "=", key)
    .where("at", ">", since)
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
  if (rows.length < limit) return 0;
  const oldest = Date.parse(rows[rows.length - 1]!.at);
  return Math.max(0, oldest + THROTTLE.windowMs - now);
}

export async function throttleState(conn: Kysely<Database>, email: string, ip: string, now = Date.now()): Promise<ThrottleState> {
  const waits = await Promise.all([
    stateFor(conn, accountKey(email), THROTTLE.perAccount, now),
    stateFor(conn, addressKey(ip), THROTTLE.perAddress, now),
  ]);
  const waitMs = Math.max(...waits);
  return { blocked: waitMs > 0, retryAfterMinutes: waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60_000)) : 0 };
}

export async function recordFailure(conn: Kysely<Database>, email: string, ip: string, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  await conn
    .insertInto("login_failures")
    .values([
      { key: accountKey(email), at },
      { key: addressKey(ip), at },
    ])
    .execute();
  // Keep the table small: nothing older than the window matters.
  await conn.deleteFrom("login_failures").where("at", "<", new Date(now - THROTTLE.windowMs).toISOString()).execute();
}

export async function clearAccountFailures(conn: Kysely<Database>, email: string): Promise<void> {
  await conn.deleteFrom("login_failures").where("key", "=", accountKey(email)).execute();
}
