import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresQueryResult } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { copyPgliteStore } from "@/lib/boot/copy";
import { StoreCopyError } from "@/lib/db/copy";
import { migrate } from "@/lib/boot/features";
import type { Database as Schema } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";

// The earlier console's PGlite store, migrated by our migrations and filled with rows in every table, copied into a
// new PostgreSQL store: every table must arrive row for row.

const dir = mkdtempSync(path.join(tmpdir(), "labs-pglite-copy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let targets: Kysely<Schema>[] = [];
afterEach(async () => {
  await Promise.all(targets.map((t) => t.destroy()));
  targets = [];
});
async function target(): Promise<Kysely<Schema>> {
  const db = await openTestDb();
  targets.push(db);
  return db;
}

/** Kysely on PGlite, one caller at a time (its one session), as the earlier console ran it. */
function pglitePool(lite: PGlite): PostgresPool {
  let turn = Promise.resolve();
  return {
    async connect() {
      let leave!: () => void;
      const before = turn;
      turn = new Promise<void>((r) => (leave = r));
      await before;
      return {
        async query<R>(text: string, params: readonly unknown[] = []) {
          const r = await lite.query<R>(text, [...params]);
          const word = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SELECT";
          return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, command: word } as unknown as PostgresQueryResult<R>;
        },
        release: () => leave(),
      } as never;
    },
    async end() {},
  };
}

let stores = 0;
/** A PGlite folder at the last PGlite console's migrations, closed; `fill` writes rows in it first. */
async function pgliteStore(fill?: (lite: PGlite) => Promise<void>): Promise<string> {
  const folder = path.join(dir, `store-${++stores}`);
  const lite = await PGlite.create({ dataDir: folder });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: pglitePool(lite) }) });
  // As the last console on PGlite left it: before 0008 (text timestamps, 0/1 flags).
  await migrate(db, "0007_saved_views");
  await fill?.(lite);
  await lite.close();
  return folder;
}

type Column = { name: string; type: string; nullable: boolean };

/** Three rows in every table, by column type; a reference takes the value of the column it references (row 3: nulls). */
async function fillEveryTable(lite: PGlite): Promise<string[]> {
  const tables = (await lite.query<{ t: string }>("select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely%' order by 1")).rows.map((r) => r.t);
  const refs = (
    await lite.query<{ t: string; c: string; pt: string; pc: string }>(`select kcu.table_name as t, kcu.column_name as c, ccu.table_name as pt, ccu.column_name as pc
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`)
  ).rows;
  const value = (table: string, c: Column, i: number, columns: Map<string, Column[]>): unknown => {
    const ref = refs.find((r) => r.t === table && r.c === c.name);
    if (ref) return value(ref.pt, columns.get(ref.pt)!.find((p) => p.name === ref.pc)!, i, columns);
    switch (c.type) {
      case "integer":
      case "bigint":
      case "smallint":
        return FLAGS.has(c.name) ? i % 2 : i;
      case "text":
      case "character varying":
        // The PGlite consoles kept timestamps as ISO text.
        if (TIME.test(c.name)) return `2026-0${i}-0${i}T0${i}:00:00.123Z`;
        return `${table}.${c.name}.${i} «ü»`;
      case "boolean":
        return i % 2 === 0;
      case "json":
      case "jsonb":
        return JSON.stringify({ n: i, s: "ğ" });
      case "double precision":
      case "real":
      case "numeric":
        return i + 0.5;
      case "timestamp with time zone":
      case "timestamp without time zone":
        return `2026-0${i}-0${i}T0${i}:00:00.123Z`;
      case "date":
        return `2026-0${i}-0${i}`;
      case "uuid":
        return `00000000-0000-4000-8000-00000000000${i}`;
      case "bytea":
        return new Uint8Array([i, 0, 255]);
      default:
        throw new Error(`no test value for ${table}.${c.name} (${c.type}): add one`);
    }
  };
  const columns = new Map<string, Column[]>();
  for (const t of tables) {
    const { rows } = await lite.query<{ name: string; type: string; nullable: string }>(
      "select column_name as name, data_type as type, is_nullable as nullable from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
      [t],
    );
    columns.set(t, rows.map((r) => ({ name: r.name, type: r.type, nullable: r.nullable === "YES" })));
  }
  // References are filled consistently, so the order does not matter here.
  await lite.exec("set session_replication_role = replica");
  for (const t of tables) {
    const cols = columns.get(t)!;
    for (const i of [1, 2, 3]) {
      const vals = cols.map((c) => (i === 3 && c.nullable && !refs.some((r) => r.pt === t && r.pc === c.name) ? null : value(t, c, i, columns)));
      await lite.query(`insert into "${t}" (${cols.map((c) => `"${c.name}"`).join(", ")}) values (${cols.map((_, k) => `$${k + 1}`).join(", ")})`, vals);
    }
  }
  return tables;
}

const TIME = /^(at|since|minute|failing_since|.*_at)$/;
const FLAGS = new Set(["active", "sso_allowed", "may_have_acted", "repeat_confirmed", "enabled", "paused", "shared"]);
// The same instants and flags, whichever form (0007's text and 0/1, or timestamptz and boolean) a side holds.
const plain = (json: string) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(JSON.parse(json) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === "string" && TIME.test(k) ? new Date(v).toISOString() : FLAGS.has(k) && typeof v === "number" ? v !== 0 : v,
      ]),
    ),
  );
// Sorted here: the two servers' collations may differ.
const rowsOf = async (query: (text: string) => Promise<{ rows: { r: string }[] }>, table: string) =>
  (await query(`select row_to_json(t)::text as r from "${table}" t`)).rows.map((x) => plain(x.r)).sort();

describe("copying a PGlite store", () => {
  it("copies every table row for row, and new rows take ids after the copied ones", { timeout: 60_000 }, async () => {
    let tables: string[] = [];
    const folder = await pgliteStore(async (lite) => void (tables = await fillEveryTable(lite)));
    const db = await target();
    const result = await copyPgliteStore(folder, db);

    const targetTables = (await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely%' order by 1`.execute(db)).rows.map((r) => r.t);
    // Every table a PGlite console had (its schema stopped at 0007) was filled and copied; tables added since start empty.
    const newer = ["alert_arrival_rules", "alert_digests", "alert_freshness_rules", "api_key_windows", "api_keys", "audit_stream_state", "erp_order_resolutions", "erp_recoveries", "home_handover_reads", "home_handovers", "order_age_alerts", "order_age_orders", "order_queue", "order_queue_arrivals", "reconciliation_orders", "reconciliations", "transfer_batch_verdicts", "transfer_breaker", "transfer_hold"];
    const released = targetTables.filter((t) => !newer.includes(t));
    expect(tables).toEqual(released);
    expect(result.tables.map((t) => t.table).sort()).toEqual(released);
    for (const table of newer) expect((await sql.raw<{ n: number }>(`select count(*)::int as n from ${table}`).execute(db)).rows[0]!.n).toBe(0);
    expect(result.tables.every((t) => t.rows === 3)).toBe(true);

    const lite = await PGlite.create({ dataDir: folder });
    try {
      for (const table of released) {
        const theirs = await rowsOf((text) => lite.query<{ r: string }>(text), table);
        const all = await rowsOf(async (text) => ({ rows: (await sql.raw<{ r: string }>(text).execute(db)).rows }), table);
        // Columns added after 0007 (what a PGlite console had) are this console's own: compared on the source's columns.
        const keys = Object.keys(JSON.parse(theirs[0] ?? "{}") as object);
        const ours = all.map((r) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, (JSON.parse(r) as Record<string, unknown>)[k]])))).sort();
        expect({ table, rows: ours }).toEqual({ table, rows: theirs });
      }
    } finally {
      await lite.close();
    }
    const added = await db.insertInto("members").values({ email: "new@example.com", name: "New", role: "viewer", password_hash: null, source: "password", created_at: new Date(), updated_at: new Date() }).returning("id").executeTakeFirstOrThrow();
    expect(added.id).toBe(4);
  });

  it("refuses a target that has rows, and a store from a newer console", { timeout: 60_000 }, async () => {
    const folder = await pgliteStore(async (lite) => {
      await lite.query("insert into members (email, name, role, source, created_at, updated_at) values ('a@b.c', 'A', 'admin', 'password', 'x', 'x')");
    });
    const db = await target();
    await db.insertInto("members").values({ email: "there@example.com", name: "There", role: "admin", password_hash: null, source: "password", created_at: new Date(), updated_at: new Date() }).execute();
    await expect(copyPgliteStore(folder, db)).rejects.toThrow(/already has rows in members/);
    expect((await db.selectFrom("members").select("email").execute()).map((m) => m.email)).toEqual(["there@example.com"]);

    const newer = await pgliteStore(async (lite) => {
      await lite.query("insert into kysely_migration (name, timestamp) values ('9999_from_the_future', 'x')");
    });
    await expect(copyPgliteStore(newer, await target())).rejects.toThrow(StoreCopyError);
    await expect(copyPgliteStore(path.join(dir, "nothing-here"), await target())).rejects.toThrow(/No PGlite store/);
  });
});
