import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { ServiceContext } from "@/lib/audit";
import type { Database } from "@/lib/store/schema";
import { db } from "@/lib/store";
import { getConfig } from "@/lib/config";
import { forgetOldArrivals, orderArrivals } from "@/lib/queue/service";
import { transferActiveWindows } from "@/lib/schedules/service";
import { channelsFor, queueIn } from "@/lib/alerts/engine";
import { judgeSilence, judgeVolume, VOLUME_WEEKS } from "@/lib/alerts/arrivals";
import type { ArrivalRuleBody, ArrivalRuleView } from "@/lib/alerts/schemas";
import type { AlertTickDeps } from "@/lib/alerts/digest";

const ID = "orders";
const LOOKBACK_MS = (VOLUME_WEEKS * 7 + 1) * 24 * 3_600_000;

type Conn = Kysely<Database> | Transaction<Database>;

async function ruleRow(conn: Conn) {
  return conn.selectFrom("alert_arrival_rules").selectAll().where("id", "=", ID).executeTakeFirst();
}

async function verdicts(conn: Conn, timeZone: string, now: Date) {
  const [row, arrivals, windows] = await Promise.all([ruleRow(conn), orderArrivals(new Date(now.getTime() - LOOKBACK_MS), conn), transferActiveWindows(conn)]);
  const since = row?.updated_at ?? now;
  const silence = judgeSilence({ minutes: row?.silence_minutes ?? 0, since, alertedAt: row?.silence_alerted_at ?? null }, arrivals.lastPushAt, now, windows);
  const volume = judgeVolume({ percent: row?.volume_percent ?? 0, alertedDay: row?.volume_alerted_day ?? null }, arrivals.hours, now, timeZone);
  return { row, lastPushAt: arrivals.lastPushAt, silence, volume };
}

export async function arrivalRule(now = new Date()): Promise<ArrivalRuleView> {
  const { row, lastPushAt, silence, volume } = await verdicts(await db(), getConfig().accountTimeZone, now);
  return {
    silenceMinutes: row?.silence_minutes ?? null,
    volumePercent: row?.volume_percent ?? null,
    lastPushAt: lastPushAt?.toISOString() ?? null,
    silent: silence.silent,
    today: volume.today,
    usual: volume.median,
    updatedAt: row?.updated_at.toISOString() ?? null,
    updatedBy: row?.updated_by_email ?? null,
  };
}

export async function setArrivalRule(ctx: ServiceContext, body: ArrivalRuleBody): Promise<ArrivalRuleView> {
  const { silenceMinutes, volumePercent } = body;
  const conn = await db();
  const before = await ruleRow(conn);
  const row = { id: ID, silence_minutes: silenceMinutes, volume_percent: volumePercent, silence_alerted_at: null, volume_alerted_day: null, updated_at: new Date(), updated_by_email: ctx.actor.email };
  await conn.insertInto("alert_arrival_rules").values(row).onConflict((oc) => oc.column("id").doUpdateSet(row)).execute();
  const silence = silenceMinutes === null ? "no silence alert" : `an alert after ${silenceMinutes} active minutes without a pushed order`;
  const volume = volumePercent === null ? "no low-day alert" : `an alert when today's pushed orders fall below ${volumePercent}% of the usual weekday`;
  await ctx.audit({
    action: "alert_arrivals.update",
    target: { type: "alert_arrival_rule", id: ID },
    outcome: "success",
    message: `Pushed-order rules set: ${silence}; ${volume}.`,
    before: { silenceMinutes: before?.silence_minutes ?? null, volumePercent: before?.volume_percent ?? null },
    after: { silenceMinutes, volumePercent },
  });
  return arrivalRule();
}

export async function silenceNow(conn: Conn, now: Date): Promise<{ minutes: number; lastPushAt: string | null } | null> {
  const { row, lastPushAt, silence } = await verdicts(conn, "UTC", now);
  return silence.silent && row?.silence_minutes ? { minutes: row.silence_minutes, lastPushAt: lastPushAt?.toISOString() ?? null } : null;
}

/** Raises "orders.silent" once per silent spell and "orders.low_volume" once per day; the row's update that claims one is the one instance that sends. */
export async function checkArrivals(deps: AlertTickDeps, now = new Date()): Promise<string[]> {
  await forgetOldArrivals(now);
  const { row, lastPushAt, silence, volume } = await verdicts(deps.db, deps.timeZone, now);
  if (!row) return [];
  const sent: string[] = [];
  if (silence.alert && row.silence_minutes !== null) {
    const minutes = row.silence_minutes;
    const ids = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("alert_arrival_rules")
        .set({ silence_alerted_at: now })
        .where("id", "=", ID)
        .where((eb) => eb.or([eb("silence_alerted_at", "is", null), eb("silence_alerted_at", "<", silence.from)]))
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return [];
      const event = { type: "orders.silent", minutes, lastPushAt: lastPushAt?.toISOString() ?? null, at: now.toISOString() } as const;
      return queueIn(trx, deps.boss, event, await channelsFor(trx, event.type), deps.queue, now);
    });
    sent.push(...ids);
  }
  if (volume.alert && row.volume_percent !== null) {
    const percent = row.volume_percent;
    const ids = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("alert_arrival_rules")
        .set({ volume_alerted_day: volume.day })
        .where("id", "=", ID)
        .where((eb) => eb.or([eb("volume_alerted_day", "is", null), eb("volume_alerted_day", "!=", volume.day)]))
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return [];
      const event = { type: "orders.low_volume", percent, today: volume.today, median: volume.median, at: now.toISOString() } as const;
      return queueIn(trx, deps.boss, event, await channelsFor(trx, event.type), deps.queue, now);
    });
    sent.push(...ids);
  }
  return sent;
}
