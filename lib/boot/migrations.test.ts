import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/boot/features";
import type { Database } from "@/lib/store/schema";
import { testDatabaseUrl, withDatabase } from "@/test/test-database";

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

  it("0008 turns text timestamps and 0/1 flags into the same instants and flags", async () => {
    const db = await released();
    const at = "2026-03-04T05:06:07.089Z";
    try {
      await sql`insert into members (email, name, role, active, sso_allowed, created_at, updated_at) values
          ('on@x.io', 'On', 'admin', 1, 1, ${at}, ${at}), ('off@x.io', 'Off', 'viewer', 0, 0, ${at}, ${at})`.execute(db);
      await sql`insert into sessions (id, member_id, method, created_at, expires_at) values ('s', 1, 'password', ${at}, '2026-03-05T00:00:00.000Z')`.execute(db);
      await sql`insert into erp_import_runs (kind, started_at, started_by_email, started_by_name, outcome, may_have_acted, repeat_confirmed, finished_at)
          values ('stock', ${at}, 'a@x.io', 'A', 'failed', 1, 0, null)`.execute(db);
      await sql`insert into schedules (id, kind, rule_json, time_zone, paused, next_start_at, created_at, created_by_email, updated_at, updated_by_email)
          values ('p', 'stock', '{}', 'UTC', 1, null, ${at}, 'a', ${at}, 'a'), ('r', 'stock', '{}', 'UTC', 0, ${at}, ${at}, 'a', ${at}, 'a')`.execute(db);
      await sql`insert into saved_views (id, list, name, query, owner_id, owner_email, owner_name, shared, created_at, updated_at)
          values ('t', 'warehouses', 'Team', '', 1, 'on@x.io', 'On', 1, ${at}, ${at})`.execute(db);
      await sql`insert into home_upstream_minutes (instance_id, minute, calls, failures, latencies_json, updated_at) values ('i', '2026-03-04T05:06:00.000Z', 1, 0, '[]', ${at})`.execute(db);
      await migrate(db);

      const members = await db.selectFrom("members").select(["email", "active", "sso_allowed", "created_at"]).orderBy("id").execute();
      expect(members).toEqual([
        { email: "on@x.io", active: true, sso_allowed: true, created_at: new Date(at) },
        { email: "off@x.io", active: false, sso_allowed: false, created_at: new Date(at) },
      ]);
      expect((await db.selectFrom("sessions").select("expires_at").executeTakeFirstOrThrow()).expires_at).toEqual(new Date("2026-03-05T00:00:00.000Z"));
      expect(await db.selectFrom("erp_import_runs").select(["started_at", "may_have_acted", "repeat_confirmed", "finished_at"]).executeTakeFirstOrThrow()).toEqual({
        started_at: new Date(at),
        may_have_acted: true,
        repeat_confirmed: false,
        finished_at: null,
      });
      expect(await db.selectFrom("schedules").select(["id", "paused", "next_start_at"]).orderBy("id").execute()).toEqual([
        { id: "p", paused: true, next_start_at: null },
        { id: "r", paused: false, next_start_at: new Date(at) },
      ]);
      expect((await db.selectFrom("saved_views").select("shared").executeTakeFirstOrThrow()).shared).toBe(true);
      expect((await db.selectFrom("home_upstream_minutes").select("minute").executeTakeFirstOrThrow()).minute).toEqual(new Date("2026-03-04T05:06:00.000Z"));
      // New rows take the flags' defaults, and the indexes that name a flag still hold.
      await db.insertInto("members").values({ email: "new@x.io", name: "N", role: "viewer", password_hash: null, source: "password", created_at: new Date(), updated_at: new Date() }).execute();
      expect(await db.selectFrom("members").select(["active", "sso_allowed"]).where("email", "=", "new@x.io").executeTakeFirstOrThrow()).toEqual({ active: true, sso_allowed: false });
      await expect(
        sql`insert into saved_views (id, list, name, query, owner_id, owner_email, owner_name, shared, created_at, updated_at)
            values ('u', 'warehouses', 'TEAM', '', 2, 'off@x.io', 'Off', true, now(), now())`.execute(db),
      ).rejects.toThrow(/saved_views_team_name/);
      const types = await sql<{ c: string; t: string }>`select table_name || '.' || column_name as c, data_type as t from information_schema.columns
          where table_schema = 'public' and (data_type = 'text' and (column_name like '%\_at' or column_name in ('at', 'since', 'minute')) or data_type = 'integer' and column_name in ('active', 'sso_allowed', 'may_have_acted', 'repeat_confirmed', 'enabled', 'paused', 'shared'))`.execute(db);
      expect(types.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
