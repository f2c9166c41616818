import ipaddr from "ipaddr.js";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";

// Each sign-in attempt is reserved before its password is checked, under one advisory lock across instances: guesses count one by one.

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perPair: 5,
  perAddress: 20,
  accountSlowAfter: 10,
  accountSpacingMs: 60 * 1000,
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
};

export type ThrottleLimit = "pair" | "address" | "account";

/** IPv4 as is, IPv6 by its /64: one subscriber holds it whole, so rotating through it gives no fresh budgets. */
export function limitedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toRFC5952String()}/64`;
}

const email = (value: string) => value.trim().toLowerCase();
export const pairKey = (account: string, ip: string) => `pair:${email(account)}|${limitedAddress(ip)}`;
export const addressKey = (ip: string) => `address:${limitedAddress(ip)}`;
export const accountKey = (account: string) => `account:${email(account)}`;
const knownKey = (account: string, ip: string) => `known:${email(account)}|${limitedAddress(ip)}`;
const notedKey = (key: string) => `noted:${key}`;

export type Reservation =
  | { ok: true; ids: number[] }
  | {
      ok: false;
      limit: ThrottleLimit;
      retryAfterMs: number;
      first: boolean;
    };

export interface ThrottleState {
  blocked: boolean;
  limit: ThrottleLimit | null;
  retryAfterMinutes: number;
}

type Conn = Kysely<Database>;
const instant = (ms: number) => new Date(ms);

async function hardWait(conn: Conn, key: string, limit: number, now: number, windowMs = THROTTLE.windowMs): Promise<number> {
  const rows = await conn
    .selectFrom("login_failures")
    .select("at")
    .where("key", "=", key)
    .where("at", ">", instant(now - windowMs))
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
  if (rows.length < limit) return 0;
  return Math.max(0, rows[rows.length - 1]!.at.getTime() + windowMs - now);
}

async function accountWait(conn: Conn, account: string, ip: string, now: number): Promise<number> {
  const since = instant(now - THROTTLE.windowMs);
  const counted = await conn
    .selectFrom("login_failures")
    .select([sql<string>`count(*)`.as("n"), sql<Date | null>`max(at)`.as("newest")])
    .where("key", "=", accountKey(account))
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(counted.n) < THROTTLE.accountSlowAfter || !counted.newest) return 0;
  const known = await conn
    .selectFrom("login_failures")
    .select("id")
    .where("key", "=", knownKey(account, ip))
    .where("at", ">", instant(now - THROTTLE.knownAddressMs))
    .executeTakeFirst();
  if (known) return 0;
  return Math.max(0, counted.newest.getTime() + THROTTLE.accountSpacingMs - now);
}

async function waits(conn: Conn, account: string, ip: string, now: number): Promise<[ThrottleLimit, string, number][]> {
  return [
    ["pair", pairKey(account, ip), await hardWait(conn, pairKey(account, ip), THROTTLE.perPair, now)],
    ["address", addressKey(ip), await hardWait(conn, addressKey(ip), THROTTLE.perAddress, now)],
    ["account", accountKey(account), await accountWait(conn, account, ip, now)],
  ];
}

// Advisory lock "labs" (0x6c616273), key 1: one lock for every sign-in, since the per-address limit spans accounts.
const LOCK_SPACE = 0x6c616273;
const RESERVATIONS = 1;
const SLOTS = 2;

async function serialised<T>(conn: Conn, work: (c: Conn) => Promise<T>): Promise<T> {
  return conn.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${RESERVATIONS}::int)`.execute(trx);
    return work(trx);
  });
}

export async function reserveAttempt(conn: Conn, account: string, ip: string, now = Date.now()): Promise<Reservation> {
  return serialised(conn, async (c) => {
    await c
      .deleteFrom("login_failures")
      .where((eb) =>
        eb.or([
          eb.and([eb("key", "not like", "known:%"), eb("at", "<", instant(now - THROTTLE.windowMs))]),
          eb.and([eb("key", "like", "known:%"), eb("at", "<", instant(now - THROTTLE.knownAddressMs))]),
        ]),
      )
      .execute();
    const blocking = (await waits(c, account, ip, now)).filter(([, , wait]) => wait > 0).sort((a, b) => b[2] - a[2])[0];
    if (blocking) {
      const [limit, key, retryAfterMs] = blocking;
      const noted = await c.selectFrom("login_failures").select("id").where("key", "=", notedKey(key)).executeTakeFirst();
      if (!noted) await c.insertInto("login_failures").values({ key: notedKey(key), at: instant(now) }).execute();
      return { ok: false, limit, retryAfterMs, first: !noted };
    }
    const at = instant(now);
    const rows = await c
      .insertInto("login_failures")
      .values([
        { key: pairKey(account, ip), at },
        { key: addressKey(ip), at },
        { key: accountKey(account), at },
      ])
      .returning("id")
      .execute();
    return { ok: true, ids: rows.map((r) => r.id) };
  });
}

export async function releaseAttempt(conn: Conn, reservation: { ids: number[] }, account: string, ip: string, now = Date.now()): Promise<void> {
  await conn.transaction().execute(async (trx) => {
    if (reservation.ids.length > 0) await trx.deleteFrom("login_failures").where("id", "in", reservation.ids).execute();
    await trx
      .deleteFrom("login_failures")
      .where("key", "in", [pairKey(account, ip), notedKey(pairKey(account, ip)), knownKey(account, ip)])
      .execute();
    await trx.insertInto("login_failures").values({ key: knownKey(account, ip), at: instant(now) }).execute();
  });
}

export async function throttleState(conn: Conn, account: string, ip: string, now = Date.now()): Promise<ThrottleState> {
  const blocking = (await waits(conn, account, ip, now)).sort((a, b) => b[2] - a[2])[0]!;
  const [limit, , waitMs] = blocking;
  return waitMs > 0
    ? { blocked: true, limit, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / 60_000)) }
    : { blocked: false, limit: null, retryAfterMinutes: 0 };
}

export async function takeSlot(conn: Conn, key: string, limit: number, windowMs: number, now = Date.now()): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  return conn.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${SLOTS}::int)`.execute(trx);
    await trx.deleteFrom("login_failures").where("key", "=", key).where("at", "<=", instant(now - windowMs)).execute();
    const retryAfterMs = await hardWait(trx, key, limit, now, windowMs);
    if (retryAfterMs > 0) return { ok: false, retryAfterMs };
    await trx.insertInto("login_failures").values({ key, at: instant(now) }).execute();
    return { ok: true };
  });
}
