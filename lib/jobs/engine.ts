import { PgBoss, fromKysely, type ConstructorOptions, type Db } from "pg-boss";
import type { Transaction } from "kysely";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { log } from "@/lib/log";

// Its tables live in the store's own database (schema "pgboss"), so a job can be sent in our transaction.

export type JobEngine = PgBoss;

export interface EngineOptions {
  superviseSeconds: number;
  name?: string;
  poolSize?: number;
  /** Its queries on the store's pool rather than a pool of its own: its polling keeps warm a connection the store's queries reuse. */
  sharePool?: boolean;
}

export function engineOptions(store: Store, options: EngineOptions): ConstructorOptions {
  return {
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseSeconds,
    // The heartbeat check runs in the monitor pass, which is otherwise once a minute.
    monitorIntervalSeconds: options.superviseSeconds,
    schedule: false,
    instanceName: options.name,
    ...(options.sharePool ? { db: store.engine.shared } : { connectionString: store.engine.connectionString, max: options.poolSize ?? 3 }),
    // A job carries its sender's trace (a no-op while tracing is off), so a run continues the request that started it.
    openTelemetry: { propagateContext: true },
  };
}

export async function startEngine(store: Store, options: EngineOptions): Promise<JobEngine> {
  const boss = new PgBoss(engineOptions(store, options));
  boss.on("error", (error) => log.error("job engine error", { event: "jobs.engine_error", error: String(error?.message ?? error) }));
  boss.on("warning", (warning) => log.warn("job engine warning", { event: "jobs.engine_warning", message: warning.message }));
  await boss.start();
  return boss;
}

/** The `db` for send() inside our own Kysely transaction: the job exists only if the transaction commits. */
export function inTransaction(trx: Transaction<Database>): Db {
  return fromKysely(trx);
}
