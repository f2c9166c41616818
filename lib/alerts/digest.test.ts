import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { startChain, type Chain } from "@/lib/jobs/periodic";
import { openTestStore } from "@/test/store";
import { channelsFor, createDeliveryQueue, workDeliveries, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import { checkFreshness, runAlertTick, sendDigestNow, sendDigests, type AlertTickDeps } from "@/lib/alerts/digest";
import { channelBodySchema } from "@/lib/alerts/schemas";
import { insertChannel } from "@/lib/alerts/store";
import { startReceiver, startSmtp } from "@/test/alert-servers";

// Digests on the real job engine (two instances on one chain) to a real SMTP server; freshness alerts to a real webhook receiver.

const AUTH_SECRET = "alerts-digest-test-secret-0123456789abcdef";
const QUEUE: DeliveryQueueOptions = { retryLimit: 2, retryDelaySeconds: 1 };
const TZ = "Europe/Istanbul";
const T0 = new Date("2026-11-26T05:10:00Z");
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);

let store: Store;
let conn: Kysely<Database>;
let a: JobEngine;
let b: JobEngine;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  store = await openTestStore();
  conn = store.db;
  a = await startEngine(store, { superviseSeconds: 1 });
  b = await startEngine(store, { superviseSeconds: 1 });
  smtp = await startSmtp();
  await createDeliveryQueue(a, QUEUE);
  await workDeliveries(a, { db: conn, authSecret: AUTH_SECRET, consoleUrl: "http://console.test", timeZone: "Europe/Istanbul", timeoutMs: 2000, targets: { allowLoopback: true, allowed: [] } }, { pollingIntervalSeconds: 0.5 });
}, 60_000);

afterAll(async () => {
  await a.stop({ graceful: false });
  await b.stop({ graceful: false });
  await smtp.close();
  await store.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done()) && Date.now() < until) await sleep(100);
}

type Order = { outcome: "pending" | "not_transferred" | "unknown"; meaning?: string; code?: string; retriedIn?: string };

/** A run as the runner leaves it: counts on the run, a row per order, the settled prefix read as transferred. */
async function run(createdAt: Date, state: "completed" | "interrupted" | "running", transferred: number, exceptions: Order[]): Promise<void> {
  const id = randomUUID();
  const n = (m: string) => exceptions.filter((o) => o.meaning === m).length;
  await conn
    .insertInto("erp_transfer_runs")
    .values({
      id,
      created_at: createdAt,
      created_by_email: "operator@demo.local",
      created_by_name: "Onur Operator",
      idempotency_key: id,
      request_hash: id,
      origin: "new",
      state,
      batch_size: 100,
      total_orders: transferred + exceptions.length,
      total_batches: 1,
      batches_done: 1,
      sending_count: 0,
      transferred_count: transferred,
      not_transferred_count: exceptions.filter((o) => o.outcome === "not_transferred").length,
      unknown_count: n("unknown"),
      pending_count: n("not_sent"),
      already_count: n("already_in_erp"),
      rejected_count: n("rejected"),
      failed_count: n("failed"),
      transferred_through: transferred,
      finished_at: state === "running" ? null : createdAt,
    })
    .execute();
  const rows = [...Array<Order>(transferred).fill({ outcome: "pending" }), ...exceptions].map((o, i) => ({
    run_id: id,
    position: i + 1,
    order_id: String(3572000 + i),
    batch: 1,
    outcome: o.outcome,
    reason: null,
    reason_code: o.code ?? null,
    meaning: o.outcome === "not_transferred" ? (o.meaning ?? null) : null,
    updated_at: createdAt,
    retried_in: o.retriedIn ?? null,
  }));
  await conn.insertInto("erp_transfer_orders").values(rows).execute();
}

describe("a digest channel", () => {
  it("gets one digest per slot, across two instances, at a real SMTP server, with the right counts", async () => {
    const body = channelBodySchema("create").parse({
      name: "Ops digest",
      kind: "email",
      enabled: true,
      events: ["transfer.attention"],
      smtpHost: "127.0.0.1",
      smtpPort: smtp.port,
      smtpTls: "none",
      from: "console@demo.local",
      recipients: "ops@demo.local",
      deliveryMode: "hourly",
    });
    const channel = await insertChannel(conn, body, "admin@demo.local", AUTH_SECRET);
    // Alerts as they happen go only to channels that take them immediately.
    expect(await channelsFor(conn, "transfer.attention")).not.toContain(channel.row.id);

    // Before the slot, outside it: only its open exceptions count (none).
    await run(hours(-2), "completed", 3, []);
    // In the hour from 05:00 UTC (08:00 in Istanbul): one complete, one needing attention, one interrupted.
    await run(hours(0.1), "completed", 2, [{ outcome: "not_transferred", meaning: "already_in_erp" }]);
    await run(hours(0.2), "completed", 1, [
      { outcome: "not_transferred", meaning: "failed", code: "timeout" },
      { outcome: "not_transferred", meaning: "rejected" },
      { outcome: "not_transferred", meaning: "already_in_erp" },
      // Retried since: no longer open.
      { outcome: "not_transferred", meaning: "failed", code: "server_error", retriedIn: randomUUID() },
    ]);
    await run(hours(0.3), "interrupted", 0, [{ outcome: "unknown", meaning: "unknown" }, { outcome: "pending", meaning: "not_sent" }]);

    let now = T0;
    const deps = (boss: JobEngine): AlertTickDeps => ({ db: conn, boss, queue: QUEUE, timeZone: TZ });
    const chain: Chain = { queue: "test.alerts-tick", seconds: 1, expireInSeconds: 30, pollingIntervalSeconds: 0.5 };
    await Promise.all([startChain(a, chain, () => runAlertTick(deps(a), now)), startChain(b, chain, () => runAlertTick(deps(b), now))]);

    const slots = () => conn.selectFrom("alert_digests").selectAll().where("channel_id", "=", channel.row.id).orderBy("slot_at").execute();
    // The first slot marks the start and sends nothing.
    await waitFor(async () => (await slots()).length === 1);
    await sleep(2_000);
    expect(smtp.mails).toHaveLength(0);

    now = hours(1);
    await waitFor(() => smtp.mails.length > 0);
    // Several ticks on both instances in the same slot.
    await sleep(3_000);
    await a.offWork(chain.queue);
    await b.offWork(chain.queue);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(["ops@demo.local"]);
    expect(mail.subject).toBe("[Labs console] Hourly digest: 3 transfer runs, 4 open exceptions");
    expect(mail.text).toContain("From 26 Nov 2026, 08:00 GMT+3 to 26 Nov 2026, 09:00 GMT+3 (Europe/Istanbul).");
    expect(mail.text).toContain("Runs: 1 complete, 0 complete with rejections, 1 need attention, 1 interrupted, 0 still running.");
    expect(mail.text).toContain("Open exceptions: 1 failed, 1 unknown, 1 not sent, 1 rejected.");
    const [first, second] = await slots();
    expect(first?.delivery_id).toBeNull();
    expect(second?.slot_at).toEqual(new Date("2026-11-26T06:00:00Z"));
    expect(second?.since_at).toEqual(new Date("2026-11-26T05:00:00Z"));
    const delivery = await conn.selectFrom("alert_deliveries").selectAll().where("id", "=", second!.delivery_id!).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ event_type: "digest", status: "delivered", channel_id: channel.row.id });

    // Four instances racing for the next slot send one digest; its runs are none, its open exceptions the same four.
    const raced = await Promise.all([a, b, a, b].map((boss) => sendDigests(deps(boss), hours(2))));
    expect(raced.flat()).toHaveLength(1);
    await waitFor(() => smtp.mails.length > 1);
    expect(smtp.mails[1]!.subject).toBe("[Labs console] Hourly digest: 0 transfer runs, 4 open exceptions");

    // Sent now, mid-slot: the slot so far (07:00 to 07:40 UTC), whoever asked, and no slot claimed.
    await run(hours(1.7), "completed", 2, []);
    await run(hours(2.2), "completed", 1, [{ outcome: "not_transferred", meaning: "failed", code: "server_error" }]);
    const slotsBefore = (await slots()).length;
    const now1 = await sendDigestNow(deps(a), { id: channel.row.id, mode: "hourly", time: null }, "admin@demo.local", hours(2.5));
    expect(now1.event).toMatchObject({ since: "2026-11-26T07:00:00.000Z", until: hours(2.5).toISOString(), requestedBy: "admin@demo.local" });
    await waitFor(() => smtp.mails.length > 2);
    const asked = smtp.mails[2]!;
    expect(asked.subject).toBe("[Labs console] Hourly digest so far: 1 transfer run, 5 open exceptions");
    expect(asked.text).toContain("Runs: 0 complete, 0 complete with rejections, 1 need attention, 0 interrupted, 0 still running.");
    expect(asked.text).toContain("Open exceptions: 2 failed, 1 unknown, 1 not sent, 1 rejected.");
    expect(asked.text).toContain("Sent on request by admin@demo.local; the scheduled digest still goes out.");
    expect(await slots()).toHaveLength(slotsBefore);
    // The scheduled digest for that slot still goes out, with the same run in it.
    expect(await sendDigests(deps(b), hours(3))).toHaveLength(1);
    await waitFor(() => smtp.mails.length > 3);
    expect(smtp.mails[3]!.subject).toBe("[Labs console] Hourly digest: 1 transfer run, 5 open exceptions");
  }, 60_000);
});

describe("a freshness rule", () => {
  it("raises one alert per stale spell to the channels that take it", async () => {
    const receiver = await startReceiver("whsec-digest-test-signing-secret");
    try {
      const body = channelBodySchema("create").parse({
        name: "Imports",
        kind: "webhook",
        enabled: true,
        events: ["import.stale"],
        url: `${receiver.url}/hook`,
        signingSecret: "whsec-digest-test-signing-secret",
      });
      await insertChannel(conn, body, "admin@demo.local", AUTH_SECRET);
      await conn.insertInto("alert_freshness_rules").values({ kind: "stock", hours: 6, alerted_at: null, updated_at: hours(-10), updated_by_email: "admin@demo.local" }).execute();
      await conn
        .insertInto("erp_import_runs")
        .values({ kind: "stock", started_at: hours(-7), started_by_email: "operator@demo.local", started_by_name: "Onur Operator", outcome: "started" })
        .execute();
      // A failed start is not a start.
      await conn
        .insertInto("erp_import_runs")
        .values({ kind: "stock", started_at: hours(-1), started_by_email: "operator@demo.local", started_by_name: "Onur Operator", outcome: "failed" })
        .execute();
      const deps = (boss: JobEngine): AlertTickDeps => ({ db: conn, boss, queue: QUEUE, timeZone: TZ });

      const raced = await Promise.all([a, b, a, b].map((boss) => checkFreshness(deps(boss), T0)));
      expect(raced.flat()).toHaveLength(1);
      await waitFor(() => receiver.received.length > 0);
      const sent = JSON.parse(receiver.received[0]!.body) as { type: string; title: string; event: { kind: string; lastStartedAt: string } };
      expect(sent).toMatchObject({ type: "import.stale", title: "No stock import started for 6 hours", event: { kind: "stock", lastStartedAt: hours(-7).toISOString() } });
      expect(await checkFreshness(deps(a), hours(5))).toEqual([]);

      // A new start ends the spell; six hours later the next one alerts again.
      await conn
        .insertInto("erp_import_runs")
        .values({ kind: "stock", started_at: hours(1), started_by_email: "operator@demo.local", started_by_name: "Onur Operator", outcome: "started" })
        .execute();
      expect(await checkFreshness(deps(a), hours(6.9))).toEqual([]);
      expect(await checkFreshness(deps(a), hours(7))).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 30_000);
});
