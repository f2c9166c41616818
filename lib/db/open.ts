import { Kysely, PostgresDialect, sql, type QueryExecutorProvider } from "kysely";
import pg from "pg";
import { migrate, type Migrations } from "@/lib/db/migrations";

// Opening and migrating the store, without "server-only" so the team CLI, scripts and tests can use it.

export interface Listener {
  close(): Promise<void>;
}

export interface EngineDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<Listener>;
  poolCounts(): { max: number; total: number; idle: number; waiting: number };
}

export interface Store<DB> {
  db: Kysely<DB>;
  engine: { connectionString: string; shared: EngineDb };
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void, onDrop?: () => void): Promise<Listener>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | null;
  poolSize?: number;
  idleTimeoutMillis?: number;
  minIdle?: number;
}

function pgListener(connectionString: string) {
  return async (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void, onDrop?: () => void): Promise<Listener> => {
    let client: pg.Client | null = null;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Retried every second until it holds again: a failed reconnect schedules the next one.
    const again = () => {
      if (closed || retry !== undefined) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect(true).catch(() => again());
      }, 1000);
      retry.unref?.();
    };
    const connect = async (reconnect: boolean) => {
      const c = new pg.Client({ connectionString });
      c.on("notification", (n) => {
        if (n.channel === channel) onPayload(n.payload ?? "");
      });
      c.on("error", () => undefined);
      c.on("end", () => {
        if (closed) return;
        client = null;
        onDrop?.();
        again();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        c.removeAllListeners("end");
        void c.end().catch(() => undefined);
        throw error;
      }
      client = c;
      // Notifications sent while the connection was down are lost: the caller reloads.
      if (reconnect) onReconnect?.();
    };
    await connect(false);
    return {
      async close() {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      },
    };
  };
}

export async function openStore<DB>(options: OpenOptions & { migrations?: Migrations }): Promise<Store<DB>> {
  const url = options.databaseUrl?.trim();
  if (!url) throw new Error("The console store needs a PostgreSQL URL: DATABASE_URL, or the local server that npm start and scripts/server.ts start.");
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, idleTimeoutMillis: options.idleTimeoutMillis, min: options.minIdle });
  pool.on("error", () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (options.migrations) await migrate(db, options.migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const listen = pgListener(url);
  const shared: EngineDb = {
    executeSql: (text, values) => pool.query(text, values),
    listen: (channel, onPayload, onReconnect) => listen(channel, onPayload, onReconnect),
    poolCounts: () => ({ max: pool.options.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  return { db, engine: { connectionString: url, shared }, listen, close: () => db.destroy() };
}

export async function notify(db: QueryExecutorProvider, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
