import { sql, type Kysely } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { CHANNEL_COLUMNS, channelsOfRows, createTransferRun, InFlightError, RetryRefusedError, type EnqueueRun, type RunActor } from "@/lib/erp/transfers/runs";
import { MEANING } from "@/lib/erp/transfers/orders";
import { INBOX_MEANINGS, INBOX_ORDER_IDS, INBOX_RUN_IDS, RETRYABLE_MEANINGS, type InboxFilter, type InboxGroup, type InboxGroupKey, type InboxMeaning } from "@/lib/erp/inbox/lists";
import type { TransferOrigin } from "@/lib/erp/lists";
import { originsOf, runFilterOf, type RunFilter } from "@/lib/erp/transfers/filters";
import { starterCondition } from "@/lib/erp/transfers/starters";

// Open exceptions across runs: orders of finished runs that ended failed, unknown, not sent or rejected, that no later run took and nobody resolved.

const ORIGIN: Record<InboxMeaning, TransferOrigin> = { failed: "retry_failed", not_sent: "send_unsent", unknown: "resend_unknown", rejected: "resend_rejected" };

// Exactly the rows MEANING reads as failed, rejected, unknown or not sent: written exceptions through their partial index (0015), unsent orders
// past their run's mark; no filter on MEANING itself, whose estimate would mislead the planner.
function candidateOrders(conn: Kysely<Database>) {
  return conn
    .selectFrom("erp_transfer_orders")
    .selectAll()
    .where("outcome", "in", ["not_transferred", "unknown"])
    .where("retried_in", "is", null)
    .where(sql<boolean>`meaning is distinct from 'already_in_erp'`)
    .unionAll(
      conn
        .selectFrom("erp_transfer_orders as p")
        .innerJoin("erp_transfer_runs as pr", "pr.id", "p.run_id")
        .selectAll("p")
        // pending_count carries the statistics that steer the planner to a key range per run; the mark alone would select the same runs.
        .where("pr.pending_count", ">", 0)
        .where(sql<boolean>`pr.transferred_through < pr.total_orders`)
        .where(sql<boolean>`p.position > pr.transferred_through`)
        .where(sql<boolean>`(pr.sending_from is null or p.position not between pr.sending_from and pr.sending_to)`)
        .where("p.outcome", "=", "pending"),
    );
}

export function openOrders(conn: Kysely<Database>, f: InboxFilter) {
  let q = conn
    .selectFrom(candidateOrders(conn).as("o"))
    .innerJoin("erp_transfer_runs as r", "r.id", "o.run_id")
    .leftJoin("erp_order_resolutions as x", (j) => j.onRef("x.run_id", "=", "o.run_id").onRef("x.position", "=", "o.position"))
    .where("r.state", "in", ["completed", "interrupted"])
    // Runs whose orders all ended done hold no exceptions: skipped without reading their orders.
    .where(sql<boolean>`r.transferred_count + r.already_count < r.total_orders`)
    .where("o.retried_in", "is", null)
    .where("x.run_id", "is", null);
  const zone = f.timeZone ?? "UTC";
  if (f.from) q = q.where(sql<boolean>`r.created_at >= (${f.from}::date)::timestamp at time zone ${zone}`);
  if (f.to) q = q.where(sql<boolean>`r.created_at < (${f.to}::date + 1)::timestamp at time zone ${zone}`);
  if (f.by) {
    const { op, value } = starterCondition(f.by);
    q = q.where("r.created_by_email", op, value);
  }
  if (f.origin) q = q.where("r.origin", "in", originsOf(f.origin));
  if (f.run) q = q.where("r.id", "=", f.run);
  if (f.channel) q = q.where("o.source", "=", f.channel);
  return q;
}

function inGroup(conn: Kysely<Database>, f: InboxFilter, key: InboxGroupKey) {
  return openOrders(conn, f)
    .where(MEANING, "=", key.meaning)
    .where(sql<boolean>`o.reason_code is not distinct from ${key.reasonCode}`)
    .where(sql<boolean>`o.reason is not distinct from ${key.reason}`);
}

export async function inboxGroups(conn: Kysely<Database>, f: InboxFilter): Promise<InboxGroup[]> {
  // Per run first, in a hash, with no array or ordered aggregate: either makes the planner sort every open order instead.
  const perRun = openOrders(conn, f)
    .select([MEANING.as("meaning"), "o.reason_code", "o.reason", "o.run_id", (eb) => eb.fn.countAll<string>().as("n"), sql<Date>`min(r.created_at)`.as("created_at")])
    .groupBy([MEANING, "o.reason_code", "o.reason", "o.run_id"]);
  const rows = await conn
    .selectFrom(perRun.as("g"))
    .select([
      "g.meaning",
      "g.reason_code",
      "g.reason",
      sql<string>`sum(g.n)`.as("n"),
      sql<string>`count(*)`.as("runs"),
      sql<Date>`min(g.created_at)`.as("first_at"),
      sql<Date>`max(g.created_at)`.as("last_at"),
      sql<string[]>`array_agg(g.run_id order by g.created_at, g.run_id)`.as("oldest_runs"),
      sql<string[]>`array_agg(g.n order by g.created_at, g.run_id)`.as("oldest_ns"),
      sql<string[]>`(array_agg(g.run_id order by g.created_at desc, g.run_id))[1:${sql.lit(INBOX_RUN_IDS)}]`.as("run_ids"),
    ])
    .groupBy(["g.meaning", "g.reason_code", "g.reason"])
    .orderBy("n", "desc")
    .orderBy("g.meaning")
    .execute();
  const ids = await firstOrderIds(conn, f, rows.map((r) => ({ key: groupKey(r.meaning, r.reason_code, r.reason), runs: r.oldest_runs, ns: r.oldest_ns.map(Number) })));
  return rows.map((r) => ({
    meaning: r.meaning as InboxMeaning,
    reasonCode: r.reason_code,
    reason: r.reason,
    count: Number(r.n),
    runs: Number(r.runs),
    firstAt: new Date(r.first_at).toISOString(),
    lastAt: new Date(r.last_at).toISOString(),
    orderIds: ids.get(groupKey(r.meaning, r.reason_code, r.reason)) ?? [],
    runIds: r.run_ids,
  }));
}

const groupKey = (meaning: string, reasonCode: string | null, reason: string | null) => JSON.stringify([meaning, reasonCode, reason]);

// Each group's first order ids, its oldest runs first and each run's by position: only the runs that reach INBOX_ORDER_IDS are read.
async function firstOrderIds(conn: Kysely<Database>, f: InboxFilter, groups: { key: string; runs: string[]; ns: number[] }[]): Promise<Map<string, string[]>> {
  const wanted = groups.map((g) => {
    let sum = 0;
    const runs = g.runs.filter((_, i) => (sum += g.ns[i]!) - g.ns[i]! < INBOX_ORDER_IDS);
    return { key: g.key, runs };
  });
  const runIds = [...new Set(wanted.flatMap((w) => w.runs))];
  if (runIds.length === 0) return new Map();
  const rows = await openOrders(conn, f)
    .where("o.run_id", "in", runIds)
    .select([MEANING.as("meaning"), "o.reason_code", "o.reason", "o.run_id", "o.order_id"])
    .orderBy("o.run_id")
    .orderBy("o.position")
    .execute();
  const byRunAndKey = new Map<string, string[]>();
  for (const r of rows) {
    const at = `${r.run_id} ${groupKey(r.meaning, r.reason_code, r.reason)}`;
    const list = byRunAndKey.get(at);
    if (list) list.push(r.order_id);
    else byRunAndKey.set(at, [r.order_id]);
  }
  return new Map(wanted.map((w) => [w.key, [...new Set(w.runs.flatMap((run) => byRunAndKey.get(`${run} ${w.key}`) ?? []))].slice(0, INBOX_ORDER_IDS)]));
}

/** Who started runs, by name (the latest name a member used); the filter still goes by e-mail. */
export async function inboxPeople(conn: Kysely<Database>): Promise<{ email: string; name: string }[]> {
  const rows = await conn
    .selectFrom("erp_transfer_runs")
    .select(["created_by_email as email", sql<string>`(array_agg(created_by_name order by created_at desc))[1]`.as("name")])
    .groupBy("created_by_email")
    .execute();
  return rows.map((r) => ({ email: r.email, name: r.name || r.email })).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

export type NotInErpPlace = "queued" | "running" | "open";

export async function openExceptionCount(conn: Kysely<Database>): Promise<number> {
  const [row] = await openOrders(conn, {}).select((eb) => eb.fn.countAll<string>().as("n")).execute();
  return Number(row?.n ?? 0);
}

export async function openExceptionsByMeaning(conn: Kysely<Database>): Promise<Record<InboxMeaning, number>> {
  const rows = await openOrders(conn, {}).select([MEANING.as("meaning"), (eb) => eb.fn.countAll<string>().as("n")]).groupBy(MEANING).execute();
  return Object.fromEntries(INBOX_MEANINGS.map((m) => [m, Number(rows.find((r) => r.meaning === m)?.n ?? 0)])) as Record<InboxMeaning, number>;
}

export interface AttentionRun {
  run: ErpTransferRun;
  open: number;
}

const openToRetry = (conn: Kysely<Database>) => openOrders(conn, {}).where(MEANING, "in", [...RETRYABLE_MEANINGS]);

export const openToRetryRunIds = (conn: Kysely<Database>) => openToRetry(conn).select("o.run_id");

export function runListFilter(conn: Kysely<Database>, q: Parameters<typeof runFilterOf>[0] & { open?: "retry" }, timeZone: string): RunFilter {
  return { ...runFilterOf(q, timeZone), inRuns: q.open ? openToRetryRunIds(conn) : undefined };
}

/** Runs with orders still open to retry (failed, unknown, not sent), as the inbox holds them: retried or resolved orders no longer count. */
export async function attentionRuns(conn: Kysely<Database>, limit: number): Promise<{ counts: { needs_attention: number; interrupted: number }; runs: AttentionRun[] }> {
  const perRun = openToRetry(conn)
    .select(["o.run_id", (eb) => eb.fn.countAll<string>().as("open")])
    .groupBy("o.run_id");
  const base = conn.selectFrom(perRun.as("p")).innerJoin("erp_transfer_runs as r", "r.id", "p.run_id");
  const [states, rows] = await Promise.all([
    base.select(["r.state", (eb) => eb.fn.countAll<string>().as("n")]).groupBy("r.state").execute(),
    base.selectAll("r").select("p.open").orderBy("r.created_at", "desc").orderBy("r.id").limit(limit).execute(),
  ]);
  const of = (state: string) => Number(states.find((s) => s.state === state)?.n ?? 0);
  return { counts: { needs_attention: of("completed"), interrupted: of("interrupted") }, runs: rows.map(({ open, ...run }) => ({ run, open: Number(open) })) };
}

/** Orders still open per day of their run's start and meaning, for the home page's chart. */
export async function openPerDay(conn: Kysely<Database>, timeZone: string, from: string, to: Date): Promise<{ day: string; meaning: InboxMeaning; n: number }[]> {
  const rows = await openOrders(conn, {})
    .where(sql<boolean>`r.created_at >= (${from}::timestamp at time zone ${timeZone})`)
    .where("r.created_at", "<=", to)
    .select([sql<string>`to_char(r.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`.as("day"), MEANING.as("meaning"), (eb) => eb.fn.countAll<string>().as("n")])
    .groupBy([sql`1`, MEANING])
    .execute();
  return rows.map((r) => ({ day: r.day, meaning: r.meaning as InboxMeaning, n: Number(r.n) }));
}

export interface RetryGroupInput {
  actor: RunActor;
  idempotencyKey: string;
  filter: InboxFilter;
  group: InboxGroupKey;
  batchSize: number;
  maxOrdersPerRun: number;
  enqueue: EnqueueRun;
  now?: Date;
}

/** One new run with the group's open orders; each is marked retried_in in the run's own transaction, so a second retry finds none. */
export async function retryGroup(conn: Kysely<Database>, input: RetryGroupInput): Promise<{ run: ErpTransferRun; created: boolean }> {
  const rows = await inGroup(conn, input.filter, input.group).select(["o.run_id", "o.position", "o.order_id", ...CHANNEL_COLUMNS]).orderBy("r.created_at").orderBy("o.position").execute();
  if (rows.length === 0) {
    const same = await conn
      .selectFrom("erp_transfer_runs")
      .selectAll()
      .where("created_by_email", "=", input.actor.email)
      .where("idempotency_key", "=", input.idempotencyKey)
      .executeTakeFirst();
    if (same) return { run: same, created: false };
    throw new RetryRefusedError("already_retried");
  }
  // An order open in two runs is sent once.
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  if (orderIds.length > input.maxOrdersPerRun) throw new RetryRefusedError("too_many", { max: String(input.maxOrdersPerRun) });
  const origin = ORIGIN[input.group.meaning];
  const claim: EnqueueRun = async (trx, job, ids) => {
    const claimed = await trx
      .updateTable("erp_transfer_orders")
      .set({ retried_in: job.runId })
      .where(sql<boolean>`(run_id, position) in (select * from unnest(${rows.map((r) => r.run_id)}::text[], ${rows.map((r) => r.position)}::int[]))`)
      .where("retried_in", "is", null)
      .where(sql<boolean>`not exists (select 1 from erp_order_resolutions x where x.run_id = erp_transfer_orders.run_id and x.position = erp_transfer_orders.position)`)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== rows.length) throw new RetryRefusedError("already_retried");
    await trx.updateTable("erp_transfer_runs").set({ origin }).where("id", "=", job.runId).execute();
    await input.enqueue(trx, job, ids);
  };
  const made = await createTransferRun(conn, { ...input, request: { orderIds, confirmUnknown: input.group.meaning === "unknown", channels: channelsOfRows(rows) }, enqueue: claim }).catch(async (error: unknown) => {
    // On their way in a run another retry of this group just made: that is "already retried", not someone else's run.
    if (error instanceof InFlightError && (await inGroup(conn, input.filter, input.group).select("o.order_id").limit(1).execute()).length === 0) throw new RetryRefusedError("already_retried");
    throw error;
  });
  return made.created ? { ...made, run: { ...made.run, origin } } : made;
}

export interface ResolveGroupInput {
  actor: RunActor;
  filter: InboxFilter;
  group: InboxGroupKey;
  note: string;
  now?: Date;
}

/** Marks the group's open orders resolved; a second call finds none and resolves nothing. */
export async function resolveGroup(conn: Kysely<Database>, input: ResolveGroupInput): Promise<{ resolved: number; orderIds: string[] }> {
  const now = input.now ?? new Date();
  const rows = await inGroup(conn, input.filter, input.group).select(["o.run_id", "o.position", "o.order_id"]).execute();
  if (rows.length === 0) return { resolved: 0, orderIds: [] };
  const inserted = await conn
    .insertInto("erp_order_resolutions")
    .values(
      rows.map((r) => ({
        run_id: r.run_id,
        position: r.position,
        order_id: r.order_id,
        resolved_at: now,
        resolved_by_email: input.actor.email,
        resolved_by_name: input.actor.name,
        note: input.note,
      })),
    )
    .onConflict((oc) => oc.columns(["run_id", "position"]).doNothing())
    .returning("order_id")
    .execute();
  return { resolved: inserted.length, orderIds: [...new Set(inserted.map((r) => r.order_id))] };
}
