import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { refusal, validationFailed, englishText } from "@/lib/i18n/validation";
import { MEANING } from "@/lib/erp/transfers/orders";
import { openOrders } from "@/lib/erp/inbox/store";
import { CHANNEL_COLUMNS, createTransferRun, type EnqueueRun, type RunActor, type TakeOrders } from "@/lib/erp/transfers/runs";
import type { ErpRecovery } from "@/lib/erp/recoveries/tables";
import { RECOVERY_PREVIEW_IDS } from "@/lib/erp/recoveries/constants";
import { STOPPED_REASON } from "@/lib/erp/transfers/stop";
import { BREAKER_STOPPER } from "@/lib/hold/constants";

// A recovery sends again what failed, ended unknown or was left unsent by the breaker in an incident window, as one paced run whose orders are the frozen set.

export interface RecoveryWindow {
  from: Date;
  to: Date;
  source?: string;
  reason?: string;
}

const FAILED_AT = sql<Date>`coalesce(o.updated_at, r.finished_at, r.created_at)`;

function windowOrders(conn: Kysely<Database>, w: RecoveryWindow) {
  let q = openOrders(conn, {})
    .where((eb) => eb.or([eb(MEANING, "in", ["failed", "unknown"]), eb.and([eb(MEANING, "=", "not_sent"), eb("o.reason_code", "=", STOPPED_REASON), eb("r.stop_requested_by", "=", BREAKER_STOPPER)])]))
    .where(FAILED_AT, ">=", w.from)
    .where(FAILED_AT, "<", w.to)
    // Since put in the ERP by another run, or on its way in one: not this recovery's.
    .where(sql<boolean>`not exists (
      select 1 from erp_transfer_orders t join erp_transfer_runs tr on tr.id = t.run_id
      where t.order_id = o.order_id and (tr.state in ('queued', 'running') or (t.outcome = 'pending' and t.position <= tr.transferred_through)
        or t.outcome = 'transferred' or t.meaning is not distinct from 'already_in_erp'))`);
  if (w.source) q = q.where("o.source", "=", w.source);
  if (w.reason) q = q.where((eb) => eb.or([eb("o.reason_code", "=", w.reason!), eb("o.reason", "=", w.reason!)]));
  return q;
}

export async function previewWindow(conn: Kysely<Database>, w: RecoveryWindow): Promise<{ count: number; orderIds: string[] }> {
  const perOrder = windowOrders(conn, w).select(["o.order_id", sql<Date>`min(${FAILED_AT})`.as("failed_at")]).groupBy("o.order_id");
  const [counted, first] = await Promise.all([
    conn.selectFrom(perOrder.as("p")).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
    conn.selectFrom(perOrder.as("p")).select("p.order_id").orderBy("p.failed_at").orderBy("p.order_id").limit(RECOVERY_PREVIEW_IDS).execute(),
  ]);
  return { count: Number(counted?.n ?? 0), orderIds: first.map((r) => r.order_id) };
}


function countChanged(count: number) {
  return refusal("conflict", { code: "validation.recovery.countChanged", params: { count: String(count) } }, { reason: "count_changed", count });
}

export interface StartRecoveryInput {
  actor: RunActor;
  idempotencyKey: string;
  window: RecoveryWindow;
  name: string;
  expectedCount: number;
  pace: number;
  batchSize: number;
  maxOrdersPerRun: number;
  enqueue: EnqueueRun;
  now?: Date;
}

/** Under the order-move lock: the window's ids are read, held to the count shown, claimed (retried_in) and carried by one run, or nothing is. */
export async function startRecovery(conn: Kysely<Database>, input: StartRecoveryInput): Promise<{ run: ErpTransferRun; created: boolean; recovery: ErpRecovery | null }> {
  const now = input.now ?? new Date();
  let claims: { run_id: string; position: number }[] = [];
  let recovery: ErpRecovery | null = null;
  const take: TakeOrders = async (trx) => {
    const rows = await windowOrders(trx, input.window).select(["o.run_id", "o.position", "o.order_id", FAILED_AT.as("failed_at"), ...CHANNEL_COLUMNS]).orderBy("failed_at").orderBy("o.order_id").execute();
    const first = new Map<string, (typeof rows)[number]>();
    for (const r of rows) if (!first.has(r.order_id)) first.set(r.order_id, r);
    if (first.size !== input.expectedCount) throw countChanged(first.size);
    if (first.size > input.maxOrdersPerRun) {
      const text = { code: "validation.recovery.tooMany", params: { count: String(first.size), max: String(input.maxOrdersPerRun) } };
      throw validationFailed({ to: [text] }, { detail: englishText(text) });
    }
    claims = rows;
    return { orders: [...first.values()].map((r) => ({ orderId: r.order_id, source: r.source, orderDate: r.order_date, packageId: r.package_id, firstSeenAt: r.first_seen_at })), traceparents: [] };
  };
  const claim: EnqueueRun = async (trx, job, ids) => {
    const claimed = await trx
      .updateTable("erp_transfer_orders")
      .set({ retried_in: job.runId })
      .where(sql<boolean>`(run_id, position) in (select * from unnest(${claims.map((r) => r.run_id)}::text[], ${claims.map((r) => r.position)}::int[]))`)
      .where("retried_in", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== claims.length) throw countChanged(0);
    recovery = {
      id: randomUUID(),
      name: input.name,
      window_from: input.window.from,
      window_to: input.window.to,
      source: input.window.source ?? null,
      reason: input.window.reason ?? null,
      order_count: input.expectedCount,
      run_id: job.runId,
      pace_per_minute: input.pace,
      created_at: now,
      created_by_email: input.actor.email,
      created_by_name: input.actor.name,
    };
    await trx.insertInto("erp_recoveries").values(recovery).execute();
    await input.enqueue(trx, job, ids);
  };
  const made = await createTransferRun(conn, { ...input, now, request: { take, origin: "recovery" }, enqueue: claim, pace: input.pace });
  if (made.created) return { ...made, recovery };
  return { ...made, recovery: (await conn.selectFrom("erp_recoveries").selectAll().where("run_id", "=", made.run.id).executeTakeFirst()) ?? null };
}

export async function listRecoveryRows(conn: Kysely<Database>, q: { page: number; limit: number }): Promise<{ items: ErpRecovery[]; total: number }> {
  const [items, total] = await Promise.all([
    conn.selectFrom("erp_recoveries").selectAll().orderBy("created_at", "desc").orderBy("id").limit(q.limit).offset((q.page - 1) * q.limit).execute(),
    conn.selectFrom("erp_recoveries").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}
