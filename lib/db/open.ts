import path from "node:path";
import { mkdirSync } from "node:fs";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrationProvider } from "./migrations";
import type { Database as Schema } from "./schema";

// Opening and migrating the console store. Kept free of "server-only" so that the command-line
// team tool and unit tests can use it; the app goes through lib/db/index.ts.

export async function openStore(dataDir: string): Promise<Kysely<Schema>> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, "console.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    await db.destroy();
    throw new Error(`console store migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
  return db;
}
