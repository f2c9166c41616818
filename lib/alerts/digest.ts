import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { JobEngine } from "@/lib/jobs/engine";
import type { Chain } from "@/lib/jobs/periodic";
import type { ImportKindName } from "@/lib/erp/lists";
import { MEANING } from "@/lib/erp/transfers/orders";
import { toRunSummary } from "@/lib/erp/service";
import { channelsFor, queueIn, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import { digestSlot, isEmptyDigest, OPEN_MEANINGS, summariseDigest, type DigestCounts, type DigestEvent, type DigestMode } from "@/lib/alerts/digest-summary";
import { judgeFreshness } from "@/lib/alerts/freshness";
import { checkArrivals, silenceNow } from "@/lib/alerts/arrivals-service";
import { orderAgeOf } from "@/lib/order-age/read";
import { checkOrderAge } from "@/lib/order-age/alerts";
import type { AgeThresholds } from "@/lib/order-age/constants";
import { lastReconciled } from "@/lib/reconcile/read";
import { alertNeverSeen } from "@/lib/reconcile/alerts";

// Digests and freshness rules, checked by one chain across instances; a slot row (or a claimed rule) makes each send happen once.

export const ALERT_TICK: Chain = { queue: "alerts.tick", seconds: 60, expireInSeconds: 120 };

type Db = Kysely<Database> | Transaction<Database>;

export interface AlertTickDeps {
  db: Kysely<Database>;
  boss: JobEngine;
  queue: DeliveryQueueOptions;
  timeZone: string;
  orderAge?: AgeThresholds;
}

async function staleKinds(db: Db, now: Date) {
  const [rules, starts] = await Promise.all([
    db.selectFrom("alert_freshness_rules").selectAll().where("hours", ">", 0).orderBy("kind").execute(),
    db.selectFrom("erp_import_runs").select(["kind", (eb) => eb.fn.max("started_at").as("last")]).where("outcome", "=", "started").groupBy("kind").execute(),
  ]);
  return rules.map((rule) => {
    const last = starts.find((s) => s.kind === rule.kind)?.last ?? null;
    const verdict = judgeFreshness({ kind: rule.kind as ImportKindName, hours: rule.hours, since: rule.updated_at, alertedAt: rule.alerted_at }, last, now);
    return { kind: rule.kind as ImportKindName, hours: rule.hours, last, ...verdict };
  });
}

export async function digestCounts(db: Db, since: Date, until: Date, now: Date, orderAge?: AgeThresholds): Promise<DigestCounts> {
  const [runs, open, stale, age, reconciled] = await Promise.all([
    db.selectFrom("erp_transfer_runs").selectAll().where("created_at", ">=", since).where("created_at", "<", until).execute(),
    db
      .selectFrom("erp_transfer_orders as o")
      .innerJoin("erp_transfer_runs as r", "r.id", "o.run_id")
      .select([MEANING.as("meaning"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("r.state", "in", ["completed", "interrupted"])
      .where("o.retried_in", "is", null)
      .where(sql<boolean>`not exists (select 1 from erp_order_resolutions x where x.run_id = o.run_id and x.position = o.position)`)
      .where(MEANING, "in", OPEN_MEANINGS)
      .groupBy(MEANING)
      .execute(),
    staleKinds(db, now),
    orderAge ? orderAgeOf(db, orderAge, now) : null,
    lastReconciled(db, since, until),
  ]);
  const summaries = runs.map((r) => toRunSummary(r, now));
  const oldest = age?.channels[0];
  return {
    ...summariseDigest(summaries, open, stale.filter((s) => s.stale).map((s) => ({ kind: s.kind, hours: s.hours })), await silenceNow(db, now)),
    ...(oldest && { oldest: { source: oldest.source, since: oldest.oldest.since, level: oldest.level } }),
    ...(reconciled && { reconciled }),
  };
}

async function digestFor(deps: AlertTickDeps, channel: { id: string; mode: DigestMode; time: string | null }, now: Date): Promise<string | null> {
  const { db } = deps;
  const { slotAt, periodMs } = digestSlot(now, channel.mode, channel.time, deps.timeZone);
  const last = (await db.selectFrom("alert_digests").select((eb) => eb.fn.max("slot_at").as("last")).where("channel_id", "=", channel.id).executeTakeFirst())?.last ?? null;
  const claim = (trx: Db, since: Date) =>
    trx
      .insertInto("alert_digests")
      .values({ channel_id: channel.id, slot_at: slotAt, since_at: since, delivery_id: null, created_at: now })
      .onConflict((oc) => oc.columns(["channel_id", "slot_at"]).doNothing())
      .returning("channel_id")
      .executeTakeFirst();
  // A channel's first slot only marks where its digests start: nothing is summarised from before it chose them.
  if (!last) {
    await claim(db, slotAt);
    return null;
  }
  if (last >= slotAt) return null;
  const since = new Date(Math.max(last.getTime(), slotAt.getTime() - periodMs));
  return db.transaction().execute(async (trx) => {
    if (!(await claim(trx, since))) return null;
    const counts = await digestCounts(trx, since, slotAt, now, deps.orderAge);
    if (isEmptyDigest(counts)) return null;
    const event: DigestEvent = { type: "digest", mode: channel.mode, since: since.toISOString(), until: slotAt.toISOString(), timeZone: deps.timeZone, at: now.toISOString(), ...counts };
    const [id] = await queueIn(trx, deps.boss, event, [channel.id], deps.queue, now);
    await trx.updateTable("alert_digests").set({ delivery_id: id ?? null }).where("channel_id", "=", channel.id).where("slot_at", "=", slotAt).execute();
    return id ?? null;
  });
}

export async function sendDigests(deps: AlertTickDeps, now = new Date()): Promise<string[]> {
  const channels = await deps.db
    .selectFrom("alert_channels")
    .select(["id", "delivery_mode", "digest_time"])
    .where("enabled", "=", true)
    .where("delivery_mode", "in", ["hourly", "daily"])
    .execute();
  const sent: string[] = [];
  for (const c of channels) {
    const id = await digestFor(deps, { id: c.id, mode: c.delivery_mode as DigestMode, time: c.digest_time }, now);
    if (id) sent.push(id);
  }
  return sent;
}

/** An explicit send of a digest channel's summary so far (its current slot until now): it claims no slot, so the scheduled one still goes out. */
export async function sendDigestNow(deps: AlertTickDeps, channel: { id: string; mode: DigestMode; time: string | null }, requestedBy: string, now = new Date()): Promise<{ deliveryId: string; event: DigestEvent }> {
  const { slotAt } = digestSlot(now, channel.mode, channel.time, deps.timeZone);
  return deps.db.transaction().execute(async (trx) => {
    const counts = await digestCounts(trx, slotAt, now, now, deps.orderAge);
    const event: DigestEvent = { type: "digest", mode: channel.mode, since: slotAt.toISOString(), until: now.toISOString(), timeZone: deps.timeZone, at: now.toISOString(), requestedBy, ...counts };
    const [deliveryId] = await queueIn(trx, deps.boss, event, [channel.id], deps.queue, now);
    return { deliveryId: deliveryId!, event };
  });
}

/** Raises "import.stale" once per stale spell: the rule's update that claims it is the one instance that sends. */
export async function checkFreshness(deps: AlertTickDeps, now = new Date()): Promise<string[]> {
  const sent: string[] = [];
  for (const s of await staleKinds(deps.db, now)) {
    if (!s.alert) continue;
    const ids = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("alert_freshness_rules")
        .set({ alerted_at: now })
        .where("kind", "=", s.kind)
        .where((eb) => eb.or([eb("alerted_at", "is", null), eb("alerted_at", "<", s.from)]))
        .returning("kind")
        .executeTakeFirst();
      if (!claimed) return [];
      const event = { type: "import.stale", kind: s.kind, hours: s.hours, lastStartedAt: s.last?.toISOString() ?? null, at: now.toISOString() } as const;
      return queueIn(trx, deps.boss, event, await channelsFor(trx, event.type), deps.queue, now);
    });
    sent.push(...ids);
  }
  return sent;
}

export async function runAlertTick(deps: AlertTickDeps, now = new Date()): Promise<void> {
  await sendDigests(deps, now);
  await checkFreshness(deps, now);
  await checkArrivals(deps, now);
  if (deps.orderAge) await checkOrderAge({ ...deps, orderAge: deps.orderAge }, now);
  await alertNeverSeen(deps, now);
}
