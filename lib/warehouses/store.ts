import { sql } from "kysely";
import { store } from "@/lib/store";
import type { Store } from "@/lib/store/open";

// Locks across instances: a session advisory lock on one connection, gone when its holder dies (no lease); local waiters queue first.

export class LockBusyError extends Error {
  constructor(readonly lockName: string) {
    super(`The lock "${lockName}" stayed taken.`);
  }
}

export interface StoreLockOptions {
  waitMs?: number;
}

// The two-key advisory lock space, first key "labs" (0x6c616273), so no other user of advisory locks collides.
export const LOCK_SPACE = 0x6c616273;
const LOCK_NOT_AVAILABLE = "55P03";

// On globalThis: Next may load this module once per bundle layer, and there must be one queue per store.
const g = globalThis as unknown as { consoleLockQueues?: WeakMap<object, Map<string, Promise<void>>> };
const queuesByStore = (g.consoleLockQueues ??= new WeakMap());

function queuesOf(handle: object): Map<string, Promise<void>> {
  let queues = queuesByStore.get(handle);
  if (!queues) queuesByStore.set(handle, (queues = new Map()));
  return queues;
}

async function underAdvisoryLock<T>(target: Pick<Store, "db">, name: string, deadline: number, fn: () => Promise<T>): Promise<T> {
  return target.db.connection().execute(async (c) => {
    const waitMs = Math.max(1, deadline - Date.now());
    try {
      // lock_timeout bounds the wait; set locally, it ends with this short transaction while the session lock stays.
      await c.transaction().execute(async (trx) => {
        await sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(trx);
        await sql`select pg_advisory_lock(${LOCK_SPACE}::int, hashtext(${name}))`.execute(trx);
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) throw new LockBusyError(name);
      throw error;
    }
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_SPACE}::int, hashtext(${name}))`.execute(c).catch(() => undefined);
    }
  });
}

export async function withStoreLock<T>(target: Pick<Store, "db">, name: string, fn: () => Promise<T>, options: StoreLockOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.waitMs ?? 45_000);
  const queues = queuesOf(target.db);
  const before = queues.get(name) ?? Promise.resolve();
  let leave!: () => void;
  const mine = new Promise<void>((r) => (leave = r));
  const tail = before.then(() => mine);
  queues.set(name, tail);
  try {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const waited = await Promise.race([
      before.then(() => true),
      new Promise<false>((r) => (timeout = setTimeout(() => r(false), Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timeout);
    if (!waited) throw new LockBusyError(name);
    return await underAdvisoryLock(target, name, deadline, fn);
  } finally {
    leave();
    // Not before the tail settles: a waiter that gave up still stands behind the holder for those after it.
    void tail.then(() => {
      if (queues.get(name) === tail) queues.delete(name);
    });
  }
}

export async function withDefaultLock<T>(fn: () => Promise<T>): Promise<T> {
  return withStoreLock(await store(), "warehouse-default", fn);
}
