// Stored order outcomes at scale: one order's history over 1,000,000 outcomes, the failures inbox over 100,000 open exceptions, bytes per outcome.
import { Kysely, PostgresDialect, sql, type RawBuilder } from "kysely";
import pg from "pg";
import type { Database } from "@/lib/store/schema";
import { openStore } from "@/lib/boot/features";
import { orderHistory } from "@/lib/erp/history/store";
import { inboxGroups, openExceptionCount } from "@/lib/erp/inbox/store";
import { median, percentile, round } from "@/scripts/bench/stats";
import { measureReconcile } from "@/scripts/bench/reconcile";

export interface OutcomesShape {
  runs: number;
  ordersPerRun: number;
  /** Each run's first ids are the previous run's last ones: the overlapping paste of a store team. */
  overlap: number;
  /** The last positions of a run whose kind ends in exceptions. */
  exceptionsPerRun: number;
  batchSize: number;
}

export const OUTCOMES_SHAPE: OutcomesShape = { runs: 10_000, ordersPerRun: 100, overlap: 10, exceptionsPerRun: 40, batchSize: 50 };
export const FIRST_ORDER_ID = 3_000_000;
const RUN_STEP_MINUTES = 15;
const PEOPLE = 7;

/** By run number modulo 20: 14 clean runs, then one kind each; "closed" exceptions were retried or resolved, the rest are open; "stopped" runs end as lib/erp/transfers/stop.ts ends them. */
export type RunKind = "clean" | "closed" | "rejected" | "failed" | "unknown" | "stopped";
const KIND_BY_RESIDUE: Record<number, RunKind> = { 14: "closed", 15: "rejected", 16: "rejected", 17: "failed", 18: "unknown", 19: "stopped" };

export function runKind(run: number): RunKind {
  return KIND_BY_RESIDUE[run % 20] ?? "clean";
}

export function orderIdOf(shape: OutcomesShape, run: number, position: number): string {
  return String(FIRST_ORDER_ID + run * (shape.ordersPerRun - shape.overlap) + position - 1);
}

export interface ExpectedOutcomes {
  orders: number;
  openExceptions: number;
  closedExceptions: number;
  alreadyInErp: number;
  distinctOrderIds: number;
}

export function expectedOutcomes(shape: OutcomesShape): ExpectedOutcomes {
  let open = 0;
  let closed = 0;
  let already = 0;
  for (let r = 0; r < shape.runs; r++) {
    const kind = runKind(r);
    if (kind === "closed") closed += shape.exceptionsPerRun;
    else if (kind !== "clean") open += shape.exceptionsPerRun;
    if (r > 0 && runKind(r - 1) === "clean") already += shape.overlap;
  }
  const stride = shape.ordersPerRun - shape.overlap;
  return {
    orders: shape.runs * shape.ordersPerRun,
    openExceptions: open,
    closedExceptions: closed,
    alreadyInErp: already,
    distinctOrderIds: shape.runs > 0 ? (shape.runs - 1) * stride + shape.ordersPerRun : 0,
  };
}

/** A small seeded generator (mulberry32): the same searches on every run. */
export function randomOrderIds(shape: OutcomesShape, n: number, seed = 28): string[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => orderIdOf(shape, Math.floor(next() * shape.runs), 1 + Math.floor(next() * shape.ordersPerRun)));
}

/**
 * Writes rows as the runner leaves them (lib/erp/store.ts): transferred orders stay pending under the run's mark, exceptions carry outcome,
 * reason, code and meaning; a stopped run's rest stays pending past it. The run counts are then summed from the orders.
 */
export async function seedOutcomes(db: Kysely<Database>, shape: OutcomesShape, now = new Date()): Promise<void> {
  const { runs, ordersPerRun: per, overlap, exceptionsPerRun: exc, batchSize } = shape;
  const start = new Date(now.getTime() - runs * RUN_STEP_MINUTES * 60_000);
  const runId = (r: RawBuilder<unknown>) => sql`md5('bench-run-' || ${r})::uuid::text`;
  const createdAt = sql`(${start}::timestamptz + r * ${`${RUN_STEP_MINUTES} minutes`}::interval)`;
  const stopped = sql`r % 20 = 19`;
  // The order-age triggers (migration 0022) would derive each order again per statement: the table is built once at the end, as the migration does.
  const AGE_KEPT = ["erp_transfer_runs", "erp_transfer_orders", "erp_order_resolutions"];
  for (const table of AGE_KEPT) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
  await sql`
    insert into erp_transfer_runs (id, created_at, created_by_id, created_by_email, created_by_name, idempotency_key, request_hash, parent_run_id,
      origin, state, batch_size, total_orders, total_batches, batches_done, transferred_count, not_transferred_count, unknown_count,
      pending_count, sending_count, started_at, finished_at, job_id, sending_from, sending_to, transferred_through, stop_requested_at, stop_requested_by)
    select ${runId(sql`r`)}, ${createdAt}, null, 'person' || r % ${PEOPLE} || '@bench.local', 'Person ' || r % ${PEOPLE}, 'bench-' || r, md5('bench-request-' || r), null,
      'new', 'completed', ${batchSize}::int, ${per}::int, ceil(${per}::numeric / ${batchSize})::int,
      case when ${stopped} then (${per - exc})::int / ${batchSize}::int else ceil(${per}::numeric / ${batchSize})::int end, 0, 0, 0, 0, 0,
      ${createdAt} + interval '1 second', ${createdAt} + interval '40 seconds', null, null, null,
      case when ${stopped} then ${per - exc}::int else ${per}::int end,
      case when ${stopped} then ${createdAt} + interval '20 seconds' end, case when ${stopped} then 'person' || r % ${PEOPLE} || '@bench.local' end
    from generate_series(0, ${runs - 1}::int) r
  `.execute(db);
  // k: the residue of an exception run on its last positions, 100 for an id the previous (clean) run transferred, 0 otherwise.
  await sql`
    insert into erp_transfer_orders (run_id, position, order_id, batch, outcome, reason, reason_code, meaning, updated_at, retried_in)
    select ${runId(sql`r`)}, p, (${FIRST_ORDER_ID}::bigint + r::bigint * ${per - overlap} + p - 1)::text, (p + ${batchSize}::int - 1) / ${batchSize}::int,
      case when k = 0 or k = 19 then 'pending' when k = 18 then 'unknown' else 'not_transferred' end,
      case when k = 100 then (array['Sipariş daha önce aktarılmış', 'Order already transferred'])[1 + r % 2]
        when k in (15, 16) then (array['Sipariş bulunamadı', 'Order not found', 'Ödeme onaylanmamış', null])[1 + p % 4] end,
      case when k = 14 then 'server_error:503'
        when k in (15, 16) and p % 4 = 3 then 'no_reason'
        when k = 17 then (array['server_error:502', 'timeout', 'rate_limited:429', 'unreachable'])[1 + (r / 20) % 4]
        when k = 18 then (array['connection_lost', 'timeout', 'console_error'])[1 + (r / 20) % 3] end,
      case when k = 100 then 'already_in_erp' when k in (14, 17) then 'failed' when k in (15, 16) then 'rejected' when k = 18 then 'unknown' end,
      case when k not in (0, 19) then ${createdAt} + interval '30 seconds' end,
      case when k = 14 and r % 40 = 14 then ${runId(sql`r + 1`)} end
    from generate_series(0, ${runs - 1}::int) r
    cross join generate_series(1, ${per}::int) p
    cross join lateral (select case
      when r % 20 >= 14 and p > ${per - exc}::int then r % 20
      when r > 0 and (r - 1) % 20 < 14 and p <= ${overlap}::int then 100
      else 0 end as k) kinds
  `.execute(db);
  await sql`
    insert into erp_order_resolutions (run_id, position, order_id, resolved_at, resolved_by_email, resolved_by_name, note)
    select ${runId(sql`r`)}, p, (${FIRST_ORDER_ID}::bigint + r::bigint * ${per - overlap} + p - 1)::text, ${createdAt} + interval '1 day',
      'lead@bench.local', 'Bench Lead', 'Cancelled by the store: nothing to send'
    from generate_series(0, ${runs - 1}::int) r
    cross join generate_series(${per - exc + 1}::int, ${per}::int) p
    where r % 40 = 34
  `.execute(db);
  await sql`
    update erp_transfer_runs r set
      transferred_count = c.transferred, not_transferred_count = c.not_transferred, unknown_count = c.unknown, pending_count = c.pending,
      already_count = c.already, rejected_count = c.rejected, failed_count = c.failed
    from (
      select o.run_id,
        count(*) filter (where o.outcome = 'pending' and o.position <= x.transferred_through)::int as transferred,
        count(*) filter (where o.outcome = 'not_transferred')::int as not_transferred,
        count(*) filter (where o.outcome = 'unknown')::int as unknown,
        count(*) filter (where o.outcome = 'pending' and o.position > x.transferred_through)::int as pending,
        count(*) filter (where o.meaning = 'already_in_erp')::int as already,
        count(*) filter (where o.meaning = 'rejected')::int as rejected,
        count(*) filter (where o.meaning = 'failed')::int as failed
      from erp_transfer_orders o join erp_transfer_runs x on x.id = o.run_id group by o.run_id
    ) c
    where c.run_id = r.id
  `.execute(db);
  for (const table of AGE_KEPT) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
  await db.transaction().execute((trx) => sql`select order_age_rebuild()`.execute(trx));
  for (const table of [...AGE_KEPT, "order_age_orders"]) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
}

export interface StorageFigures {
  rows: number;
  tableBytes: number;
  indexBytes: number;
  totalBytes: number;
  bytesPerOutcome: number;
  /** The run rows' share, for a store's whole cost of an order. */
  runBytesPerOutcome: number;
}

export async function storedBytes(db: Kysely<Database>): Promise<StorageFigures> {
  const { rows } = await sql<{ rows: string; table_bytes: string; index_bytes: string; total_bytes: string; run_bytes: string }>`
    select (select count(*) from erp_transfer_orders) as rows,
      pg_table_size('erp_transfer_orders') as table_bytes,
      pg_indexes_size('erp_transfer_orders') as index_bytes,
      pg_total_relation_size('erp_transfer_orders') as total_bytes,
      pg_total_relation_size('erp_transfer_runs') as run_bytes
  `.execute(db);
  const r = rows[0]!;
  const n = Number(r.rows);
  return {
    rows: n,
    tableBytes: Number(r.table_bytes),
    indexBytes: Number(r.index_bytes),
    totalBytes: Number(r.total_bytes),
    bytesPerOutcome: round(Number(r.total_bytes) / n, 0),
    runBytesPerOutcome: round(Number(r.run_bytes) / n, 0),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

/** The plan PostgreSQL chose for the last query `work` sent through Kysely, run again under EXPLAIN ANALYZE. */
/** `first`: the work's first query instead of its last. */
export async function explainLast(databaseUrl: string, work: (db: Kysely<Database>) => Promise<unknown>, first = false): Promise<string[]> {
  let last: { sql: string; parameters: readonly unknown[] } | null = null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query" && !(first && last)) last = event.query;
    },
  });
  try {
    await work(db);
    const query = last as { sql: string; parameters: readonly unknown[] } | null;
    if (!query) throw new Error("explainLast: the work sent no query");
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]);
    return rows.map((r) => r["QUERY PLAN"]);
  } finally {
    await db.destroy();
  }
}

export interface OutcomesOptions {
  databaseUrl: string;
  shape?: OutcomesShape;
  warmUpSearches?: number;
  searches?: number;
  groupings?: number;
  log?: (line: string) => void;
}

function summary(times: readonly number[]) {
  return { samples: times.length, medianMs: round(median(times), 2), p95Ms: round(percentile(times, 95), 2), maxMs: round(Math.max(...times), 1) };
}

export async function measureOutcomes(opts: OutcomesOptions) {
  const log = opts.log ?? (() => {});
  const shape = opts.shape ?? OUTCOMES_SHAPE;
  const expected = expectedOutcomes(shape);
  // Opening the store runs the console's migrations, as on a console's start.
  const store = await openStore({ databaseUrl: opts.databaseUrl, poolSize: 2 });
  try {
    const db = store.db;
    const seeding = await timed(() => seedOutcomes(db, shape));
    const storage = await storedBytes(db);
    log(`outcomes at scale: ${storage.rows} order outcomes in ${shape.runs} runs seeded in ${round(seeding.ms / 1000, 1)} s; ${storage.bytesPerOutcome} bytes each (table and indexes)`);
    const open = await openExceptionCount(db);
    if (storage.rows !== expected.orders || open !== expected.openExceptions) {
      throw new Error(`seeded ${storage.rows} orders and ${open} open exceptions, expected ${expected.orders} and ${expected.openExceptions}`);
    }

    const ids = randomOrderIds(shape, (opts.warmUpSearches ?? 100) + (opts.searches ?? 1000));
    const warmUp = ids.splice(0, opts.warmUpSearches ?? 100);
    for (const id of warmUp) await orderHistory(db, id);
    const searchTimes: number[] = [];
    let entries = 0;
    for (const id of ids) {
      const t = await timed(() => orderHistory(db, id));
      if (t.value.runs.length === 0) throw new Error(`order ${id} is stored but its history came back empty`);
      entries += t.value.runs.length;
      searchTimes.push(t.ms);
    }
    const search = { ...summary(searchTimes), runsPerOrder: round(entries / ids.length, 2) };
    log(`  order history: median ${search.medianMs} ms, p95 ${search.p95Ms} ms over ${search.samples} random ids (${search.runsPerOrder} runs each)`);

    const first = await timed(() => inboxGroups(db, {}));
    const grouped = first.value.reduce((n, g) => n + g.count, 0);
    if (grouped !== expected.openExceptions) throw new Error(`the inbox grouped ${grouped} open exceptions, expected ${expected.openExceptions}`);
    const groupTimes: number[] = [];
    for (let i = 0; i < (opts.groupings ?? 9); i++) groupTimes.push((await timed(() => inboxGroups(db, {}))).ms);
    const byPersonTimes: number[] = [];
    for (let i = 0; i < 5; i++) byPersonTimes.push((await timed(() => inboxGroups(db, { by: "person3@bench.local" }))).ms);
    const countTimes: number[] = [];
    for (let i = 0; i < 9; i++) countTimes.push((await timed(() => openExceptionCount(db))).ms);
    const inbox = {
      openExceptions: grouped,
      groups: first.value.length,
      firstMs: round(first.ms, 1),
      ...summary(groupTimes),
      byPerson: summary(byPersonTimes),
      openCount: summary(countTimes),
    };
    log(`  inbox: ${inbox.groups} groups of ${grouped} open exceptions, median ${inbox.medianMs} ms (first ${inbox.firstMs} ms); one person's ${inbox.byPerson.medianMs} ms; the open count ${inbox.openCount.medianMs} ms`);

    const reconcile = await measureReconcile(db, shape);
    log(`  reconciliation of ${reconcile.shape.expected} expected orders: median ${reconcile.medianMs} ms, memory growth at most ${reconcile.worstGrowthMiB} MiB (${JSON.stringify(reconcile.buckets)}); the order-age tile over ${reconcile.orderAge.waitingOrders} waiting orders: median ${reconcile.orderAge.medianMs} ms`);

    const plans = {
      orderHistory: await explainLast(opts.databaseUrl, (d) => orderHistory(d, ids[0]!)),
      inboxGroups: await explainLast(opts.databaseUrl, (d) => inboxGroups(d, {})),
    };
    return { shape, expected, seedingMs: round(seeding.ms, 0), storage, search, inbox, reconcile, plans };
  } finally {
    await store.close();
  }
}
