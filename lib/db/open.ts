import path from "node:path";
import { chmodSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { openEmbedded } from "@/lib/db/embedded";
import { migrationProvider } from "@/lib/db/migrations";
import type { Database as Schema } from "@/lib/db/schema";

// Opening and migrating the store, without "server-only" so the team CLI, scripts and tests can use it.
// With a DATABASE_URL: a PostgreSQL server shared by every instance. Without: PostgreSQL in this process (PGlite) under DATA_DIR.

export type StoreKind = "postgres" | "embedded";

export interface Listener {
  close(): Promise<void>;
}

export interface Store {
  kind: StoreKind;
  db: Kysely<Schema>;
  /** For the job engine: a connection string (its own pool) or the embedded store's serialized client. */
  engine: { connectionString: string } | { embedded: import("@/lib/db/embedded").EmbeddedStore["engineClient"] };
  /** `onDrop` when the connection is lost (notifications are lost until `onReconnect`). */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void, onDrop?: () => void): Promise<Listener>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | null;
  dataDir?: string;
  poolSize?: number;
  /** "memory://" for a store that ends with the process (tests). */
  /** A dump of a migrated embedded store to start from (tests; implies memory). */
  template?: Blob;
}

// Password hashes and the audit trail live here: an owner-only directory, tightened at every open.
const DIR_MODE = 0o700;

export async function migrate(db: Kysely<Schema>): Promise<void> {
  // Kysely takes a PostgreSQL advisory lock around the run, so instances starting together migrate once.
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`console store migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
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

export class StoreInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The embedded store is one process's: a second process on the same files would corrupt them. */
function claim(root: string): () => void {
  const file = path.join(root, "store.pid");
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (holder === process.pid) break;
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new StoreInUseError(
          `The embedded store in ${root} is in use by process ${holder}. Stop that console first, or share a PostgreSQL server through DATABASE_URL.`,
        );
      }
      // Left by a process that was killed.
      unlinkSync(file);
    }
  }
  return () => {
    try {
      if (Number(readFileSync(file, "utf8").trim()) === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

export async function openStore(options: OpenOptions): Promise<Store> {
  const url = options.databaseUrl?.trim();
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    pool.on("error", () => undefined);
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrate(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { kind: "postgres", db, engine: { connectionString: url }, listen: pgListener(url), close: () => db.destroy() };
  }

  let dataDir = "memory://";
  let release = () => {};
  if (!options.template && options.dataDir !== "memory://") {
    const root = path.resolve(options.dataDir ?? "data");
    mkdirSync(root, { recursive: true, mode: DIR_MODE });
    chmodSync(root, DIR_MODE);
    release = claim(root);
    dataDir = path.join(root, "store");
  }
  let embedded: Awaited<ReturnType<typeof openEmbedded>>;
  try {
    embedded = await openEmbedded({ dataDir, loadDataDir: options.template, onClose: release });
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    kind: "embedded",
    db,
    engine: { embedded: embedded.engineClient },
    async listen(channel, onPayload) {
      const stop = await embedded.engineClient.listen(channel, onPayload);
      return { close: stop };
    },
    close: () => db.destroy(),
  };
}

export async function notify(db: Kysely<Schema>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
