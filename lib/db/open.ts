import path from "node:path";
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { migrationProvider } from "@/lib/db/migrations";
import type { Database as Schema } from "@/lib/db/schema";

// Opening and migrating the store, without "server-only" so the team CLI and tests can use it.

// Password hashes and the audit trail live here: owner-only modes, tightened at every open.
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

function chmodIfPresent(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function tightenStore(dataDir: string): void {
  chmodSync(dataDir, DIR_MODE);
  // Literal names: a computed one would make the build trace the whole project.
  chmodIfPresent(path.join(dataDir, "console.sqlite"), FILE_MODE);
  chmodIfPresent(path.join(dataDir, "console.sqlite-wal"), FILE_MODE);
  chmodIfPresent(path.join(dataDir, "console.sqlite-shm"), FILE_MODE);
  chmodIfPresent(path.join(dataDir, "console.sqlite-journal"), FILE_MODE);
}

export async function openStore(dataDir: string): Promise<Kysely<Schema>> {
  mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  const file = path.join(dataDir, "console.sqlite");
  // Created before SQLite opens it, which then gives its -wal and -shm files the same mode.
  closeSync(openSync(file, "a", FILE_MODE));
  tightenStore(dataDir);
  const sqlite = new Database(file);
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
