import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { endInterrupted, refreshCounts, settleBatch, type OrderOutcomeRow } from "@/lib/erp/transfers/settling";
import { endStopped } from "@/lib/erp/transfers/stop";
import { inboxGroups, openOrders, resolveGroup, retryGroup } from "@/lib/erp/inbox/store";
import { addToQueue, removeFromQueue, takeQueuedOrders } from "@/lib/queue/store";
import { ageByChannel } from "@/lib/order-age/store";

// order_age_orders, kept by triggers, against the read it replaced (below, as it was): after every write of a random sequence through the
// console's own write paths (queue, runs, batches, stops, interruptions, inbox retries and resolutions) and a few raw ones, the same rows.

let conn: Kysely<Database>;
beforeAll(async () => {
  conn = await openTestDb();
});
afterAll(async () => {
  await conn?.destroy();
});
beforeEach(async () => {
  for (const table of ["order_queue", "erp_order_resolutions", "erp_transfer_orders", "erp_transfer_runs"] as const) await conn.deleteFrom(table).execute();
});

function oracle(c: Kysely<Database>) {
  const open = openOrders(c, {})
    .select(["o.order_id", "o.source", sql<Date>`coalesce(o.order_date, o.first_seen_at, r.created_at)`.as("since"), sql<string>`'open'`.as("place"), "o.run_id"])
    .where(sql<boolean>`not exists (
      select 1 from erp_transfer_orders t join erp_transfer_runs tr on tr.id = t.run_id
      where t.order_id = o.order_id and ((t.outcome = 'pending' and t.position <= tr.transferred_through) or t.outcome = 'transferred' or t.meaning = 'already_in_erp'))`);
  return sql`
    select order_id, min(since) as since,
      (array_agg(source order by since, place) filter (where source is not null))[1] as source,
      (array_agg(place order by since, place))[1] as place,
      (array_agg(run_id order by since, place))[1] as run_id
    from (
      select order_id, source, coalesce(order_date, queued_at) as since, 'queued' as place, null::text as run_id from order_queue
      union all
      select o.order_id, o.source, coalesce(o.order_date, o.first_seen_at, r.created_at), 'running', r.id
      from erp_transfer_runs r join erp_transfer_orders o on o.run_id = r.id
      where r.state in ('queued', 'running')
        and not ((o.outcome = 'pending' and o.position <= r.transferred_through) or o.outcome = 'transferred' or o.meaning is not distinct from 'already_in_erp')
      union all
      ${open}
    ) p
    group by order_id`;
}

type AgeRow = { order_id: string; source: string | null; since: Date; place: string; run_id: string | null };
const byId = (rows: AgeRow[]) => rows.map((r) => ({ ...r, since: new Date(r.since).toISOString() })).sort((a, b) => a.order_id.localeCompare(b.order_id));
const kept = async () => byId((await sql<AgeRow>`select order_id, source, since, place, run_id from order_age_orders`.execute(conn)).rows);
const derived = async () => byId((await sql<AgeRow>`${oracle(conn)}`.execute(conn)).rows);

async function oldAgeByChannel(at: { warn: Date; critical: Date; deadline: Date }) {
  const rows = await sql<{ oldest_at: Date }>`
    select source, count(*)::int as n, min(since) as oldest_at,
      (array_agg(order_id order by since, order_id))[1] as oldest_id,
      (array_agg(place order by since, order_id))[1] as place,
      (array_agg(run_id order by since, order_id))[1] as run_id,
      count(*) filter (where since <= ${at.warn} and since > ${at.critical})::int as warn,
      count(*) filter (where since <= ${at.critical} and since > ${at.deadline})::int as critical,
      count(*) filter (where since <= ${at.deadline})::int as overdue
    from (${oracle(conn)}) a
    group by source
    order by min(since), source nulls last
  `.execute(conn);
  return rows.rows.map((r) => ({ ...r, oldest_at: new Date(r.oldest_at) }));
}

function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const some = <T,>(xs: readonly T[], most: number): T[] => [...new Set(Array.from({ length: 1 + int(most) }, () => pick(xs)))];
  return { next, int, pick, some };
}

const T0 = new Date("2026-11-28T12:00:00Z");
const IDS = Array.from({ length: 14 }, (_, i) => String(7_700_001 + i));
const SOURCES = ["web", "trendyol", "n11", null];
const actor = { id: null, email: "operator@demo.local", name: "Onur Operator" };
const by = { email: actor.email, name: actor.name, origin: "api" as const };
const REASONS: Omit<OrderOutcomeRow, "position">[] = [
  { outcome: "transferred", reason: null, reasonCode: null },
  { outcome: "transferred", reason: null, reasonCode: null },
  { outcome: "not_transferred", reason: "Order not found", reasonCode: null },
  { outcome: "not_transferred", reason: "Order already transferred", reasonCode: null },
  { outcome: "not_transferred", reason: null, reasonCode: "server_error:502" },
  { outcome: "unknown", reason: null, reasonCode: "timeout" },
];

async function step(r: ReturnType<typeof random>, at: Date, n: number): Promise<string> {
  const runs = await conn.selectFrom("erp_transfer_runs").selectAll().execute();
  const active = runs.filter((x) => x.state === "queued" || x.state === "running");
  const make = (request: Parameters<typeof createTransferRun>[1]["request"]) =>
    createTransferRun(conn, { actor, idempotencyKey: `k-${n}`, request, batchSize: 3, maxOrdersPerRun: 50, enqueue: async () => undefined, now: at }).catch((e: Error) => e.name);
  switch (r.int(10)) {
    case 0: {
      const ids = r.some(IDS, 4);
      const channels = new Map(ids.map((id) => [id, { source: r.pick(SOURCES), orderDate: r.next() < 0.7 ? new Date(at.getTime() - r.next() * 9 * 86_400_000) : null, packageId: null }]));
      await addToQueue(conn, ids, by, at, channels);
      return "queue";
    }
    case 1:
      await removeFromQueue(conn, r.some(IDS, 3));
      return "unqueue";
    case 2:
      await make({ take: (trx) => takeQueuedOrders(trx, 1 + r.int(5)), origin: "queue" });
      return "send queued";
    case 3:
      await make({ orderIds: r.some(IDS, 5), confirmUnknown: true });
      return "send";
    case 4:
    case 5: {
      const run = active.length ? r.pick(active) : undefined;
      if (!run) return "none";
      if (run.state === "queued") await conn.updateTable("erp_transfer_runs").set({ state: "running", started_at: at }).where("id", "=", run.id).execute();
      const pending = await conn.selectFrom("erp_transfer_orders").select(["position"]).where("run_id", "=", run.id).where("position", ">", run.transferred_through).where("outcome", "=", "pending").orderBy("position").limit(1 + r.int(3)).execute();
      const done = pending.map((p) => ({ position: p.position, ...r.pick(REASONS) }));
      await settleBatch(conn, { runId: run.id, jobId: run.job_id!, done, inFlight: [], added: 0, now: at });
      return "settle";
    }
    case 6: {
      const run = active.length ? r.pick(active) : undefined;
      if (!run) return "none";
      const end = r.int(3);
      if (end === 0) await endStopped(conn, run.id, run.job_id!, at);
      else if (end === 1) await conn.transaction().execute((trx) => endInterrupted(trx, run.id, at));
      else {
        await conn.updateTable("erp_transfer_runs").set({ state: "completed", finished_at: at, job_id: null }).where("id", "=", run.id).execute();
        await refreshCounts(conn, run.id);
      }
      return ["stop", "interrupt", "complete"][end]!;
    }
    case 7:
    case 8: {
      const groups = await inboxGroups(conn, {});
      if (groups.length === 0) return "none";
      const group = r.pick(groups);
      if (r.next() < 0.5) await resolveGroup(conn, { actor, filter: {}, group, note: "done by hand", now: at });
      else await retryGroup(conn, { actor, idempotencyKey: `k-${n}`, filter: {}, group, batchSize: 3, maxOrdersPerRun: 50, enqueue: async () => undefined, now: at }).catch((e: Error) => e.name);
      return "inbox";
    }
    default: {
      // Writes no function of the console makes: a resolution taken back, a run's channel data edited.
      const row = await sql<{ run_id: string; position: number }>`select run_id, position from erp_order_resolutions order by random() limit 1`.execute(conn);
      if (row.rows[0]) await conn.deleteFrom("erp_order_resolutions").where("run_id", "=", row.rows[0].run_id).where("position", "=", row.rows[0].position).execute();
      await conn.updateTable("erp_transfer_orders").set({ source: r.pick(SOURCES) }).where("order_id", "=", r.pick(IDS)).execute();
      return "raw";
    }
  }
}

describe("order_age_orders", () => {
  it("holds after each write exactly what the old read derived, and the clock answers as it did", { timeout: 120_000 }, async () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      for (const table of ["order_queue", "erp_order_resolutions", "erp_transfer_orders", "erp_transfer_runs"] as const) await conn.deleteFrom(table).execute();
      const r = random(seed);
      for (let n = 0; n < 80; n++) {
        const at = new Date(T0.getTime() + (seed * 1000 + n) * 60_000);
        const what = await step(r, at, seed * 1000 + n);
        seen.add(what);
        expect(await kept(), `seed ${seed}, step ${n} (${what})`).toEqual(await derived());
        const back = (days: number) => new Date(at.getTime() - days * 86_400_000);
        const bands = { warn: back(5), critical: back(6), deadline: back(7) };
        expect(await ageByChannel(conn, bands), `seed ${seed}, step ${n} (${what}): the clock`).toEqual(await oldAgeByChannel(bands));
      }
      expect((await kept()).length).toBeGreaterThan(0);
    }
    for (const path of ["queue", "unqueue", "send queued", "send", "settle", "stop", "interrupt", "complete", "inbox", "raw"]) expect(seen).toContain(path);
  });

  it("is rebuilt from the rows when one of them is truncated", async () => {
    await addToQueue(conn, ["7700101", "7700102"], by, T0);
    await sql`truncate order_queue`.execute(conn);
    expect(await kept()).toEqual([]);
    await createTransferRun(conn, { actor, idempotencyKey: "t", request: { orderIds: ["7700103"] }, batchSize: 3, maxOrdersPerRun: 50, enqueue: async () => undefined, now: T0 });
    await sql`truncate erp_transfer_runs cascade`.execute(conn);
    expect(await kept()).toEqual([]);
  });
});
