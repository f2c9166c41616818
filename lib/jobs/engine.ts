import { PgBoss, fromKysely, type ConstructorOptions, type Db } from "pg-boss";
import type { Transaction } from "kysely";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { log } from "@/lib/log";

// The job engine (pg-boss) on the console store, without "server-only" so tests can start several.
// Its tables live in the store's own database (schema "pgboss"), so a job can be sent in our transaction.

export type JobEngine = PgBoss;

export interface EngineOptions {
  /** How often the supervisor fails jobs whose heartbeat stopped (and expired ones). */
  superviseSeconds: number;
  /** A name in pg-boss's instance registry. */
  name?: string;
}

export function engineOptions(store: Store, options: EngineOptions): ConstructorOptions {
  return {
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseSeconds,
    // The heartbeat check runs in the monitor pass, which is otherwise once a minute.
    monitorIntervalSeconds: options.superviseSeconds,
    // No cron schedules here: nothing for the timekeeper to do.
    schedule: false,
    instanceName: options.name,
    // Its own small pool on the store's server.
    connectionString: store.engine.connectionString,
    max: 3,
  };
}

/** Starts pg-boss on the store (installing or migrating its schema); stop() it when done. */
export async function startEngine(store: Store, options: EngineOptions): Promise<JobEngine> {
  const boss = new PgBoss(engineOptions(store, options));
  boss.on("error", (error) => log.error("job engine error", { error: String(error?.message ?? error) }));
  boss.on("warning", (warning) => log.warn("job engine warning", { message: warning.message }));
  await boss.start();
  return boss;
}

/** The `db` for send() inside our own Kysely transaction: the job exists only if the transaction commits. */
export function inTransaction(trx: Transaction<Database>): Db {
  return fromKysely(trx);
}
