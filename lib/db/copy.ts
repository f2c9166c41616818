import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { sql, type Kysely, type Transaction } from "kysely";

// `npm run store:copy`: a console's DATA_DIR/console.sqlite into the PostgreSQL store; no "server-only" (CLI and tests).

export const COPIED_TABLES = ["members", "audit_events", "erp_transfer_runs", "erp_transfer_orders", "erp_import_runs"] as const;
export type CopiedTable = (typeof COPIED_TABLES)[number];
export type Counts = Record<CopiedTable, number>;

export interface CopyResult {
  before: Counts;
  source: Counts;
  after: Counts;
  interrupted: string[];
}

export const LAST_SQLITE_MIGRATION = "0004_erp_retries";
const CHUNK = 500;

export class StoreCopyError extends Error {}

type Row = Record<string, unknown>;
type Raw = Transaction<Record<string, Row>>;

interface TableSpec {
  table: CopiedTable;
  key: string[];
  columns: string[];
  identity: string[];
}

const MEMBERS: TableSpec = {
  table: "members",
  key: ["id"],
  columns: ["id", "email", "name", "role", "password_hash", "active", "source", "created_at", "updated_at", "session_version", "sso_issuer", "sso_subject", "sso_allowed"],
  identity: ["email"],
};
const AUDIT: TableSpec = {
  table: "audit_events",
  key: ["id"],
  columns: ["id", "at", "actor_id", "actor_email", "action", "target_type", "target_id", "outcome", "message", "before_json", "after_json", "details_json", "request_id", "ip"],
  identity: ["at", "action"],
};
const IMPORTS: TableSpec = {
  table: "erp_import_runs",
  key: ["id"],
  columns: ["id", "kind", "started_at", "started_by_id", "started_by_email", "started_by_name", "outcome", "message", "error_code", "error_detail", "may_have_acted", "repeat_confirmed", "finished_at"],
  identity: ["kind", "started_at"],
};
const RUN_COLUMNS = [
  "id", "created_at", "created_by_id", "created_by_email", "created_by_name", "idempotency_key", "request_hash", "parent_run_id", "origin", "state",
  "batch_size", "total_orders", "total_batches", "batches_done", "transferred_count", "not_transferred_count", "unknown_count", "pending_count",
  "sending_count", "started_at", "finished_at",
];
const RUNS: TableSpec = { table: "erp_transfer_runs", key: ["id"], columns: [...RUN_COLUMNS, "job_id"], identity: ["created_at", "idempotency_key"] };
const ORDERS: TableSpec = {
  table: "erp_transfer_orders",
  key: ["run_id", "position"],
  columns: ["run_id", "position", "order_id", "batch", "outcome", "reason", "reason_code", "updated_at", "retried_in"],
  identity: ["order_id"],
};

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function openSqlite(file: string): Database.Database {
  if (!existsSync(file)) throw new StoreCopyError(`No SQLite store at ${file}.`);
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
    const hasTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!hasTable) throw new StoreCopyError(`${file} is not a console store (it has no kysely_migration table).`);
    const upToDate = sqlite.prepare("select 1 from kysely_migration where name = ?").get(LAST_SQLITE_MIGRATION);
    if (!upToDate) {
      throw new StoreCopyError(
        `${file} comes from an older console version (migration ${LAST_SQLITE_MIGRATION} has not run on it). ` +
          "Start the previous console version once on it to bring it up to date, stop it, then copy again.",
      );
    }
    return sqlite;
  } catch (error) {
    sqlite?.close();
    if (error instanceof StoreCopyError) throw error;
    throw new StoreCopyError(`Cannot read ${file} as a SQLite store: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function countTarget(trx: Raw): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of COPIED_TABLES) {
    const row = await trx.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function countSource(sqlite: Database.Database): Counts {
  const counts = {} as Counts;
  for (const table of COPIED_TABLES) counts[table] = (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return counts;
}

function* pages(sqlite: Database.Database, spec: TableSpec, select: string[]): Generator<Row[]> {
  const list = select.map((c) => `"${c}"`).join(", ");
  const order = spec.key.map((c) => `"${c}"`).join(", ");
  const first = sqlite.prepare(`select ${list} from ${spec.table} order by ${order} limit ${CHUNK}`);
  const next =
    spec.key.length === 1
      ? sqlite.prepare(`select ${list} from ${spec.table} where "${spec.key[0]}" > ? order by ${order} limit ${CHUNK}`)
      : sqlite.prepare(`select ${list} from ${spec.table} where ("${spec.key[0]}", "${spec.key[1]}") > (?, ?) order by ${order} limit ${CHUNK}`);
  let rows = first.all() as Row[];
  while (rows.length > 0) {
    yield rows;
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1]!;
    rows = next.all(...spec.key.map((k) => last[k])) as Row[];
  }
}

// The target's timestamps come back as Date, SQLite's as ISO text.
const same = (a: unknown, b: unknown) => (a instanceof Date && typeof b === "string" ? a.getTime() === Date.parse(b) : a === b);
const keyOf = (spec: TableSpec, row: Row) => JSON.stringify(spec.key.map((k) => row[k]));

async function insertPage(trx: Raw, spec: TableSpec, rows: Row[]): Promise<Set<string>> {
  const inserted = await trx
    .insertInto(spec.table)
    .values(rows)
    .onConflict((oc) => oc.columns(spec.key).doNothing())
    .returning(spec.key)
    .execute();
  const done = new Set(inserted.map((r) => keyOf(spec, r)));
  const skipped = rows.filter((r) => !done.has(keyOf(spec, r)));
  if (skipped.length === 0) return done;
  const there = await trx
    .selectFrom(spec.table)
    .select([...spec.key, ...spec.identity])
    .where((eb) =>
      spec.key.length === 1
        ? eb(spec.key[0]!, "in", skipped.map((r) => r[spec.key[0]!]))
        : eb(eb.refTuple(spec.key[0]!, spec.key[1]!), "in", skipped.map((r) => eb.tuple(r[spec.key[0]!], r[spec.key[1]!]))),
    )
    .execute();
  const byKey = new Map(there.map((r) => [keyOf(spec, r), r]));
  for (const row of skipped) {
    const other = byKey.get(keyOf(spec, row));
    if (other && spec.identity.every((c) => same(other[c], row[c]))) continue;
    throw new StoreCopyError(
      `The target store already has a different ${spec.table} row under ${spec.key.map((k) => `${k} ${String(row[k])}`).join(", ")}. ` +
        "The copy fills a new store: point it at an empty one and run it again.",
    );
  }
  return done;
}

async function copyRuns(trx: Raw, sqlite: Database.Database, now: string): Promise<string[]> {
  // A child can come before its parent in id order: runs go in without parent links, which are set once all are in.
  const links: [string, string][] = [];
  const interrupted: string[] = [];
  for (const page of pages(sqlite, RUNS, [...RUN_COLUMNS, "heartbeat_at"])) {
    const rows = page.map((r) => {
      const { heartbeat_at, ...run } = r;
      // No job works it in the new store: it stopped with the old console, as a restart of that console would have said.
      const stopped = run.state === "queued" || run.state === "running";
      return {
        ...run,
        parent_run_id: null,
        job_id: null,
        ...(stopped ? { state: "interrupted", finished_at: heartbeat_at ?? now } : {}),
      };
    });
    const inserted = await insertPage(trx, RUNS, rows);
    for (const r of page) {
      if (!inserted.has(keyOf(RUNS, r))) continue;
      if (r.parent_run_id !== null) links.push([r.id as string, r.parent_run_id as string]);
      if (r.state === "queued" || r.state === "running") interrupted.push(r.id as string);
    }
  }
  for (const part of chunks(links)) {
    await sql`update erp_transfer_runs as r set parent_run_id = v.parent
      from (values ${sql.join(part.map(([id, parent]) => sql`(${id}, ${parent})`))}) as v(id, parent)
      where r.id = v.id`.execute(trx);
  }
  return interrupted;
}

async function copyOrders(trx: Raw, sqlite: Database.Database, interrupted: Set<string>, now: string): Promise<void> {
  for (const page of pages(sqlite, ORDERS, ORDERS.columns)) {
    const rows = page.map((o) =>
      interrupted.has(o.run_id as string) && o.outcome === "sending"
        ? { ...o, outcome: "unknown", reason: null, reason_code: "interrupted", updated_at: now }
        : o,
    );
    await insertPage(trx, ORDERS, rows);
  }
}

async function recount(trx: Raw, runIds: string[]): Promise<void> {
  const n = (outcome: string) => sql`(select count(*) from erp_transfer_orders o where o.run_id = r.id and o.outcome = ${outcome})`;
  for (const part of chunks(runIds)) {
    await sql`update erp_transfer_runs as r set
        transferred_count = ${n("transferred")}, not_transferred_count = ${n("not_transferred")}, unknown_count = ${n("unknown")},
        pending_count = ${n("pending")}, sending_count = ${n("sending")}
      where r.id in (${sql.join(part)})`.execute(trx);
  }
}

/** One transaction; ids kept, rows already there left alone (a second copy changes nothing); sessions stay behind. */
export async function copySqliteStore<DB>(sqliteFile: string, target: Kysely<DB>, now = new Date(), afterRows?: (trx: Kysely<unknown>) => Promise<void>): Promise<CopyResult> {
  const sqlite = openSqlite(sqliteFile);
  const at = now.toISOString();
  try {
    // One read transaction: every page comes from the same snapshot even if something still writes the file.
    sqlite.exec("begin");
    const source = countSource(sqlite);
    return await target.transaction().execute(async (tx) => {
      const trx = tx as unknown as Raw;
      const before = await countTarget(trx);
      for (const spec of [MEMBERS, AUDIT, IMPORTS]) {
        for (const page of pages(sqlite, spec, spec.columns)) await insertPage(trx, spec, page);
      }
      const interrupted = await copyRuns(trx, sqlite, at);
      await copyOrders(trx, sqlite, new Set(interrupted), at);
      await recount(trx, interrupted);
      await afterRows?.(trx as unknown as Kysely<unknown>);
      for (const table of ["members", "audit_events", "erp_import_runs"] as const) {
        // Explicit ids leave the serial sequence behind: the next new row would take a copied id.
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), m.id) from (select max(id) as id from ${sql.table(table)}) m where m.id is not null`.execute(trx);
      }
      const after = await countTarget(trx);
      return { before, source, after, interrupted };
    });
  } catch (error) {
    const e = error as { code?: string; detail?: string; message?: string };
    // A unique key other than the primary one (a member's email, a run's idempotency key) taken by another row.
    if (e.code === "23505") {
      throw new StoreCopyError(
        `The target store already has other rows that clash with the copy (${e.detail ?? e.message}). The copy fills a new store: point it at an empty one and run it again.`,
      );
    }
    throw error;
  } finally {
    sqlite.close();
  }
}
