import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "@/lib/db";
import type { Database } from "@/lib/db/schema";
import { log } from "@/lib/log";

// Locks across instances: a lease row renewed while held, taken over once expired; local waiters queue.

export class LockBusyError extends Error {
  constructor(readonly lockName: string) {
    super(`The lock "${lockName}" stayed taken.`);
  }
}

export interface StoreLockOptions {
  // A stopped holder blocks the others this long at most.
  leaseMs?: number;
  waitMs?: number;
  pollMs?: number;
  onLost?: () => void;
}

// On globalThis: Next may load this module once per bundle layer, and there must be one queue.
const g = globalThis as unknown as { consoleLockQueues?: Map<string, Promise<void>> };
const queues = (g.consoleLockQueues ??= new Map());

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function tryAcquire(conn: Kysely<Database>, name: string, holder: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const expires = new Date(now + leaseMs).toISOString();
  await conn
    .insertInto("console_locks")
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) => oc.column("name").doUpdateSet({ holder, expires_at: expires }).where("console_locks.expires_at", "<", new Date(now).toISOString()))
    .execute();
  const row = await conn.selectFrom("console_locks").select("holder").where("name", "=", name).executeTakeFirst();
  return row?.holder === holder;
}

export async function renew(conn: Kysely<Database>, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const result = await conn
    .updateTable("console_locks")
    .set({ expires_at: new Date(Date.now() + leaseMs).toISOString() })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function release(conn: Kysely<Database>, name: string, holder: string): Promise<void> {
  await conn.deleteFrom("console_locks").where("name", "=", name).where("holder", "=", holder).execute();
}

export async function withStoreLock<T>(conn: Kysely<Database>, name: string, fn: () => Promise<T>, options: StoreLockOptions = {}): Promise<T> {
  const leaseMs = options.leaseMs ?? 30_000;
  const waitMs = options.waitMs ?? 45_000;
  const pollMs = options.pollMs ?? 50;
  const deadline = Date.now() + waitMs;

  const before = queues.get(name) ?? Promise.resolve();
  let leave!: () => void;
  const mine = new Promise<void>((r) => (leave = r));
  const tail = before.then(() => mine);
  queues.set(name, tail);
  const holder = randomUUID();
  let held = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const waited = await Promise.race([
      before.then(() => true),
      new Promise<false>((r) => (timeout = setTimeout(() => r(false), Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timeout);
    if (!waited) throw new LockBusyError(name);
    while (!(held = await tryAcquire(conn, name, holder, leaseMs))) {
      if (Date.now() >= deadline) throw new LockBusyError(name);
      await sleep(pollMs);
    }
    timer = setInterval(() => {
      renew(conn, name, holder, leaseMs)
        .then((ok) => (ok ? undefined : options.onLost?.()))
        .catch(() => options.onLost?.());
    }, Math.max(10, Math.floor(leaseMs / 3)));
    timer.unref?.();
    return await fn();
  } finally {
    if (timer) clearInterval(timer);
    if (held) await release(conn, name, holder).catch(() => undefined);
    leave();
    if (queues.get(name) === tail) queues.delete(name);
  }
}

export async function withDefaultLock<T>(fn: () => Promise<T>): Promise<T> {
  return withStoreLock(await db(), "warehouse-default", fn, {
    onLost: () => log.warn("the default warehouse lock was taken over while held"),
  });
}
