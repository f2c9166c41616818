import { existsSync } from "node:fs";
import path from "node:path";
import { sql, type Kysely, type Transaction } from "kysely";
import pg from "pg";
import { StoreCopyError } from "@/lib/db/copy";

// An earlier console's PGlite store (./data/store) into PostgreSQL in one transaction, checked by counts; PGlite stays for this alone.

export interface PgliteCopyResult {
  tables: { table: string; rows: number }[];
  inProgress: string[];
}

type Raw = Transaction<Record<string, Record<string, unknown>>>;
type Source = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>; close(): Promise<void> };

const BOOKKEEPING = new Set(["kysely_migration", "kysely_migration_lock"]);

async function openSource(dir: string): Promise<Source> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new StoreCopyError(`No PGlite store at ${dir} (it has no PG_VERSION).`);
  const { PGlite } = await import("@electric-sql/pglite");
  try {
    return await PGlite.create({ dataDir: dir });
  } catch (error) {
    throw new StoreCopyError(`Cannot open ${dir} as a PGlite store: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function sourceTables(source: Source, dir: string, known: Set<string>): Promise<string[]> {
  let ran: string[];
  try {
    ran = (await source.query<{ name: string }>("select name from kysely_migration order by name")).rows.map((r) => r.name);
  } catch {
    throw new StoreCopyError(`${dir} is not a console store (it has no kysely_migration table).`);
  }
  const unknown = ran.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new StoreCopyError(`${dir} comes from a newer console version (migrations ${unknown.join(", ")}): copy it with that version.`);
  const tables = await source.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  return tables.rows.map((r) => r.name).filter((t) => !BOOKKEEPING.has(t));
}

const COLUMNS = "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position";

/** Parents before children (a table's own references are checked at the end of its one insert). */
async function inReferenceOrder(trx: Raw, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`.execute(trx);
  const out: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (out.includes(t) || path.has(t)) return;
    path.add(t);
    for (const r of rows) if (r.child === t && r.parent !== t && tables.includes(r.parent)) visit(r.parent, path);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

const ident = (name: string) => pg.escapeIdentifier(name);

/** One transaction into a target with no rows yet: rows as JSON text (values arrive as PostgreSQL wrote them), counts checked per table. */
export async function copyPgliteStore<DB>(
  dir: string,
  target: Kysely<DB>,
  options: { inTransaction?: (trx: Transaction<DB>, inProgress: string[]) => Promise<void> } = {},
): Promise<PgliteCopyResult> {
  const source = await openSource(dir);
  try {
    const known = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(target)).rows.map((r) => r.name));
    const tables = await sourceTables(source, dir, known);
    return await target.transaction().execute(async (tx) => {
      const trx = tx as unknown as Raw;
      const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(trx)).rows[0]!.n);
      const copied: PgliteCopyResult["tables"] = [];
      const ordered = await inReferenceOrder(trx, tables);
      for (const table of ordered) {
        const exists = (await sql<{ t: string | null }>`select to_regclass(${`public.${ident(table)}`})::text as t`.execute(trx)).rows[0]?.t;
        if (!exists) throw new StoreCopyError(`The table ${table} of ${dir} is unknown to this console.`);
        if ((await count(table)) > 0) throw new StoreCopyError(`The target store already has rows in ${table}: the copy fills an empty store. Point it at a new data folder or database.`);
      }
      for (const table of ordered) {
        const theirs = (await source.query<{ name: string }>(COLUMNS, [table])).rows.map((r) => r.name);
        const ours = new Set((await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'`.execute(trx)).rows.map((r) => r.name));
        const columns = sql.join(theirs.filter((c) => ours.has(c)).map((c) => sql.ref(c)));
        const { rows } = await source.query<{ n: number; j: string }>(`select count(*)::int as n, coalesce(json_agg(t), '[]'::json)::text as j from ${ident(table)} t`);
        const { n, j } = rows[0]!;
        await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${j}::json)`.execute(trx);
        const now = await count(table);
        if (now !== n) throw new StoreCopyError(`${table}: ${n} rows in the PGlite store but ${now} copied.`);
        // Explicit ids leave a serial sequence behind: the next new row would take a copied id.
        await sql`select setval(s.seq, m.top) from
            (select pg_get_serial_sequence(${ident(table)}, c.column_name) as seq, c.column_name as name from information_schema.columns c
              where c.table_schema = 'public' and c.table_name = ${table}) s,
            lateral (select max((x ->> s.name)::bigint) as top from json_array_elements(${j}::json) x) m
            where s.seq is not null and m.top is not null`.execute(trx);
        copied.push({ table, rows: n });
      }
      const inProgress = tables.includes("erp_transfer_runs")
        ? (await sql<{ id: string }>`select id from erp_transfer_runs where state in ('queued', 'running') order by id`.execute(trx)).rows.map((r) => r.id)
        : [];
      await options.inTransaction?.(tx, inProgress);
      return { tables: copied, inProgress };
    });
  } finally {
    await source.close();
  }
}
