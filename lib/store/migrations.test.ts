import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { testDatabaseUrl, withDatabase } from "@/lib/testing/test-database";

// Stores in the field were migrated by earlier versions: the names they ran, in their order, and the tables those
// built must be what this version's migrations see (fixtures/store-0007.sql: what 0001 to 0007 ran, as released).

const FIXTURE = readFileSync(path.join(process.cwd(), "lib/store/fixtures/store-0007.sql"), "utf8");
const made: string[] = [];

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function blankDb(): Promise<Kysely<Database>> {
  const name = `labs_migr_${randomBytes(5).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  made.push(name);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(testDatabaseUrl(), name), max: 2 }) }) });
}

async function released(): Promise<Kysely<Database>> {
  const db = await blankDb();
  await sql.raw(FIXTURE).execute(db);
  return db;
}

/** Every column, index and constraint of the public schema, in a stable order. */
async function shape(db: Kysely<Database>): Promise<string[]> {
  const columns = await sql<{ d: string }>`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as d
      from information_schema.columns where table_schema = 'public' and table_name <> 'kysely_migration_lock'`.execute(db);
  const indexes = await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = 'public'`.execute(db);
  const constraints = await sql<{ d: string }>`select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d
      from pg_constraint where connamespace = 'public'::regnamespace`.execute(db);
  const options = await sql<{ d: string }>`select relname || ' ' || array_to_string(reloptions, ',') as d from pg_class
      where relnamespace = 'public'::regnamespace and reloptions is not null`.execute(db);
  // The migrator's lock table is its own bookkeeping, made on each run.
  return [...columns.rows, ...indexes.rows, ...constraints.rows, ...options.rows].map((r) => r.d).filter((d) => !d.includes("kysely_migration_lock")).sort();
}

afterAll(async () => {
  for (const name of made) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe("the console's migrations", () => {
  it("up to 0007 build exactly the store the released version built", async () => {
    const ours = await blankDb();
    const theirs = await released();
    try {
      await migrate(ours, "0007_saved_views");
      expect(await shape(ours)).toEqual(await shape(theirs));
      const names = (db: Kysely<Database>) => sql<{ name: string }>`select name from kysely_migration order by name`.execute(db).then((r) => r.rows.map((x) => x.name));
      expect(await names(ours)).toEqual(await names(theirs));
    } finally {
      await ours.destroy();
      await theirs.destroy();
    }
  });

  it("a store the released version migrated migrates forward with this one", async () => {
    const db = await released();
    try {
      await migrate(db);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(rows.map((r) => r.name).slice(0, 7)).toEqual([
        "0001_console",
        "0002_schedules",
        "0003_alerts",
        "0004_home",
        "0005_transfer_speed",
        "0006_transfer_mark",
        "0007_saved_views",
      ]);
    } finally {
      await db.destroy();
    }
  });
});
