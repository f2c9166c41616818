import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { createTransferRun, type RunActor } from "@/lib/erp/transfers/runs";
import { getRun } from "@/lib/erp/transfers/store";
import { refreshCounts } from "@/lib/erp/transfers/settling";
import { attentionRuns, inboxGroups, inboxPeople, openExceptionCount, openExceptionsByMeaning, resolveGroup, retryGroup, runListFilter } from "@/lib/erp/inbox/store";
import { listRunChannels, listRuns } from "@/lib/erp/transfers/store";
import { transferRunList } from "@/lib/erp/schemas";
import { ATTENTION_RUN_RESULTS, attentionRunsHref } from "@/lib/home/constants";
import { openTestDb } from "@/test/store";

const OPERATOR: RunActor = { id: 2, email: "operator@demo.local", name: "Demo Operator" };
const ADMIN: RunActor = { id: 1, email: "admin@demo.local", name: "Demo Admin" };
const FIVE_XX = { meaning: "failed", reasonCode: "server_error:503", reason: null } as const;
let conn: Kysely<Database>;
let enqueued: string[][];

beforeEach(async () => {
  conn = await openTestDb();
  enqueued = [];
});

afterEach(async () => {
  await conn.destroy();
});

type Ending = { outcome: "transferred" | "not_transferred" | "unknown" | "pending"; meaning?: string; reason?: string; reasonCode?: string };

/** A finished run whose orders ended as given, as the runner leaves one. */
async function finishedRun(actor: RunActor, endings: Record<string, Ending>, createdAt: Date, state: "completed" | "interrupted" = "completed") {
  const ids = Object.keys(endings);
  const { run } = await createTransferRun(conn, {
    actor,
    idempotencyKey: `seed-${Math.random()}`,
    request: { orderIds: ids },
    batchSize: 100,
    maxOrdersPerRun: 1000,
    enqueue: async () => undefined,
    now: createdAt,
  });
  for (const [i, id] of ids.entries()) {
    const e = endings[id]!;
    await conn
      .updateTable("erp_transfer_orders")
      .set({ outcome: e.outcome, meaning: e.meaning ?? null, reason: e.reason ?? null, reason_code: e.reasonCode ?? null })
      .where("run_id", "=", run.id)
      .where("position", "=", i + 1)
      .execute();
  }
  await conn.updateTable("erp_transfer_runs").set({ state, finished_at: createdAt }).where("id", "=", run.id).execute();
  await refreshCounts(conn, run.id);
  return run.id;
}

const failed503: Ending = { outcome: "not_transferred", meaning: "failed", reasonCode: "server_error:503" };
const notFound: Ending = { outcome: "not_transferred", meaning: "rejected", reason: "Order not found" };
const already: Ending = { outcome: "not_transferred", meaning: "already_in_erp", reason: "Already transferred" };
const day = (d: number) => new Date(Date.UTC(2026, 0, d, 10));

async function retry(key: string, group = FIVE_XX as Parameters<typeof retryGroup>[1]["group"], filter = {}) {
  return retryGroup(conn, {
    actor: OPERATOR,
    idempotencyKey: key,
    filter,
    group,
    batchSize: 100,
    maxOrdersPerRun: 1000,
    enqueue: async (_trx, _job, ids) => void enqueued.push([...(ids ?? [])]),
  });
}

describe("failures inbox grouping", () => {
  it("groups open exceptions across runs by meaning and reason, leaving out done orders and running runs", async () => {
    await finishedRun(OPERATOR, { "100": failed503, "101": failed503, "102": { outcome: "transferred" }, "103": already, "104": notFound }, day(1));
    await finishedRun(ADMIN, { "200": failed503, "201": { outcome: "unknown", reasonCode: "timeout" }, "202": { outcome: "not_transferred", meaning: "rejected", reason: "Stok yetersiz" } }, day(3));
    await finishedRun(ADMIN, { "300": { outcome: "pending" }, "301": { outcome: "pending" } }, day(4), "interrupted");
    // A run still going holds no exceptions yet.
    await createTransferRun(conn, { actor: OPERATOR, idempotencyKey: "live", request: { orderIds: ["900"] }, batchSize: 100, maxOrdersPerRun: 1000, enqueue: async () => undefined });

    const groups = await inboxGroups(conn, {});
    expect(groups.map((g) => [g.meaning, g.reasonCode, g.reason, g.count, g.runs])).toEqual([
      ["failed", "server_error:503", null, 3, 2],
      ["not_sent", null, null, 2, 1],
      ["rejected", null, "Order not found", 1, 1],
      ["rejected", null, "Stok yetersiz", 1, 1],
      ["unknown", "timeout", null, 1, 1],
    ]);
    expect(groups[0]).toMatchObject({ firstAt: day(1).toISOString(), lastAt: day(3).toISOString(), orderIds: ["100", "101", "200"] });
    expect(groups[0]!.runIds).toHaveLength(2);
    expect(groups[1]).toMatchObject({ orderIds: ["300", "301"] });
    expect(await openExceptionCount(conn)).toBe(8);
    expect(await openExceptionsByMeaning(conn)).toEqual({ failed: 3, unknown: 1, not_sent: 2, rejected: 2 });
  });

  it("names a group's orders once each, the first ones only, and its latest runs first", async () => {
    const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [String(5000 + i), failed503]));
    const older = await finishedRun(OPERATOR, { "5000": failed503, "4999": failed503 }, day(1));
    const newer = await finishedRun(ADMIN, many, day(2));
    const [group] = await inboxGroups(conn, {});
    expect(group).toMatchObject({ count: 252, runs: 2, runIds: [newer, older] });
    expect(group!.orderIds).toHaveLength(200);
    expect(group!.orderIds.slice(0, 3)).toEqual(["4999", "5000", "5001"]);
    expect(new Set(group!.orderIds).size).toBe(200);
  });

  it("lists the people who started runs by name, latest name first, sorted", async () => {
    await finishedRun(OPERATOR, { "1": failed503 }, day(1));
    await finishedRun(ADMIN, { "2": failed503 }, day(2));
    await finishedRun({ ...OPERATOR, name: "Onur Operator" }, { "3": failed503 }, day(3));
    expect(await inboxPeople(conn)).toEqual([
      { email: ADMIN.email, name: ADMIN.name },
      { email: OPERATOR.email, name: "Onur Operator" },
    ]);
  });

  it("filters by date, person and run", async () => {
    const first = await finishedRun(OPERATOR, { "100": failed503, "101": notFound }, day(1));
    const second = await finishedRun(ADMIN, { "200": failed503 }, day(3));
    const counts = async (f: object) => (await inboxGroups(conn, f)).map((g) => `${g.meaning}:${g.count}`);
    expect(await counts({ by: "admin@demo.local" })).toEqual(["failed:1"]);
    expect(await counts({ run: first })).toEqual(["failed:1", "rejected:1"]);
    expect(await counts({ run: second })).toEqual(["failed:1"]);
    expect(await counts({ from: "2026-01-02" })).toEqual(["failed:1"]);
    expect(await counts({ to: "2026-01-01" })).toEqual(["failed:1", "rejected:1"]);
    expect(await counts({ from: "2026-01-01", to: "2026-01-03" })).toEqual(["failed:2", "rejected:1"]);
    expect(await counts({ from: "2026-01-04" })).toEqual([]);
  });

  it("filters by the orders' sales channel, and the channels offered are the ones the orders carry", async () => {
    const run = await finishedRun(OPERATOR, { "300": failed503, "301": failed503, "302": notFound }, day(2));
    await conn.updateTable("erp_transfer_orders").set({ source: "trendyol" }).where("run_id", "=", run).where("order_id", "in", ["300", "302"]).execute();
    await conn.updateTable("erp_transfer_orders").set({ source: "web" }).where("run_id", "=", run).where("order_id", "=", "301").execute();
    const counts = async (f: object) => (await inboxGroups(conn, f)).map((g) => `${g.meaning}:${g.count}`);
    expect(await counts({ channel: "trendyol" })).toEqual(["failed:1", "rejected:1"]);
    expect(await counts({ channel: "web" })).toEqual(["failed:1"]);
    expect(await counts({ channel: "n11" })).toEqual([]);
    expect(await listRunChannels(conn)).toEqual(["trendyol", "web"]);
  });

  it("filters by an API key (key:<name>) and by automatic runs, as the runs list does", async () => {
    await finishedRun({ id: null, email: "key ERP_sync%, created by Demo Admin", name: "ERP_sync%" } as unknown as RunActor, { "300": failed503 }, day(1));
    await finishedRun({ id: null, email: "", name: "Nightly" } as unknown as RunActor, { "301": failed503, "302": notFound }, day(2));
    await finishedRun(OPERATOR, { "303": failed503 }, day(3));
    await finishedRun({ id: null, email: "key ERPxsyncer, created by Demo Admin", name: "ERPxsyncer" } as unknown as RunActor, { "304": notFound }, day(3));
    const counts = async (f: object) => (await inboxGroups(conn, f)).map((g) => `${g.meaning}:${g.count}`);
    expect(await counts({ by: "key:ERP_sync%" })).toEqual(["failed:1"]);
    expect(await counts({ by: "key:ERPxsyncer" })).toEqual(["rejected:1"]);
    expect(await counts({ by: "automatic" })).toEqual(["failed:1", "rejected:1"]);
    expect(await counts({ by: OPERATOR.email })).toEqual(["failed:1"]);
  });

  it("reads dates as days in the account's zone", async () => {
    // 22:30 UTC on 1 January is already 2 January in Istanbul (UTC+3).
    await finishedRun(OPERATOR, { "100": failed503 }, new Date("2026-01-01T22:30:00Z"));
    const counts = async (f: object) => (await inboxGroups(conn, f)).map((g) => `${g.meaning}:${g.count}`);
    expect(await counts({ from: "2026-01-02", to: "2026-01-02", timeZone: "Europe/Istanbul" })).toEqual(["failed:1"]);
    expect(await counts({ to: "2026-01-01", timeZone: "Europe/Istanbul" })).toEqual([]);
    expect(await counts({ to: "2026-01-01" })).toEqual(["failed:1"]);
  });
});

describe("Home's runs needing attention", () => {
  async function opened(href: string) {
    const state = transferRunList.load(href.slice(href.indexOf("?") + 1));
    return listRuns(conn, { page: 1, limit: 100, ...runListFilter(conn, state, "UTC") });
  }

  it("each count's link lists the runs it counts, before and after their failed orders are retried", async () => {
    const failedRun = await finishedRun(OPERATOR, { "100": failed503, "101": notFound }, day(1));
    await finishedRun(OPERATOR, { "200": notFound }, day(2));
    const stopped = await finishedRun(ADMIN, { "300": { outcome: "transferred" }, "301": { outcome: "pending" } }, day(3), "interrupted");
    const links = async () => {
      const { counts } = await attentionRuns(conn, 10);
      return Promise.all(ATTENTION_RUN_RESULTS.map(async (result) => ({ count: counts[result], listed: (await opened(attentionRunsHref(result))).items.map((r) => r.id) })));
    };
    expect(await links()).toEqual([{ count: 1, listed: [failedRun] }, { count: 1, listed: [stopped] }]);

    await retry("home-link");
    expect(await links()).toEqual([{ count: 0, listed: [] }, { count: 1, listed: [stopped] }]);
    // The run still reads "needs attention" by its own counts; the unnarrowed list keeps it.
    expect((await opened("/erp?result=needs_attention")).items.map((r) => r.id)).toEqual([failedRun]);
  });
});

describe("retry from the inbox", () => {
  it("sends a group's orders across runs as one new run, once, and they leave the inbox", async () => {
    const a = await finishedRun(OPERATOR, { "100": failed503, "101": failed503, "102": notFound }, day(1));
    const b = await finishedRun(ADMIN, { "100": failed503, "200": failed503 }, day(2));

    const { run, created } = await retry("inbox-1");
    expect(created).toBe(true);
    expect(run.origin).toBe("retry_failed");
    expect((await getRun(conn, run.id))?.origin).toBe("retry_failed");
    expect(run.total_orders).toBe(3);
    expect(enqueued).toEqual([["100", "101", "200"]]);
    const marked = await conn.selectFrom("erp_transfer_orders").select(["run_id", "order_id", "retried_in"]).where("run_id", "in", [a, b]).orderBy("run_id").execute();
    expect(marked.filter((r) => r.retried_in === run.id).map((r) => r.order_id).sort()).toEqual(["100", "100", "101", "200"]);
    expect(marked.find((r) => r.order_id === "102")?.retried_in).toBeNull();

    expect((await inboxGroups(conn, {})).map((g) => g.meaning)).toEqual(["rejected"]);
    // The same request again gives the same run; another request finds nothing left to send.
    expect(await retry("inbox-1")).toMatchObject({ created: false, run: { id: run.id } });
    await expect(retry("inbox-2")).rejects.toMatchObject({ extra: { reason: "already_retried" } });
    expect(enqueued).toHaveLength(1);
  });

  it("a retry that read the orders while another was claiming them is refused, not made a second run", async () => {
    await finishedRun(OPERATOR, { "100": failed503, "101": failed503 }, day(1));
    let second: Promise<unknown> | null = null;
    const first = await retryGroup(conn, {
      actor: OPERATOR,
      idempotencyKey: "race-1",
      filter: {},
      group: FIVE_XX,
      batchSize: 100,
      maxOrdersPerRun: 1000,
      // Inside the first run's transaction: the second reads the still-unclaimed rows, then waits on their locks.
      enqueue: async () => {
        second = retry("race-2");
        second.catch(() => undefined);
        await expect.poll(async () => Number((await sql<{ n: string }>`select count(*) as n from pg_locks where not granted`.execute(conn)).rows[0]!.n), { timeout: 10_000 }).toBeGreaterThan(0);
      },
    });
    expect(first.created).toBe(true);
    await expect(second).rejects.toMatchObject({ extra: { reason: "already_retried" } });
    expect(enqueued).toEqual([]);
    const runs = await conn.selectFrom("erp_transfer_runs").select("id").where("origin", "=", "retry_failed").execute();
    expect(runs.map((r) => r.id)).toEqual([first.run.id]);
  });

  it("a group is its meaning and reason: sending one refusal again leaves the other in the inbox", async () => {
    await finishedRun(OPERATOR, { "100": notFound, "101": { outcome: "not_transferred", meaning: "rejected", reason: "Stok yetersiz" } }, day(1));
    const { run } = await retry("rejected", { meaning: "rejected", reasonCode: null, reason: "Order not found" });
    expect(run.origin).toBe("resend_rejected");
    expect(enqueued).toEqual([["100"]]);
    expect((await inboxGroups(conn, {})).map((g) => [g.reason, g.count])).toEqual([["Stok yetersiz", 1]]);
  });

  it("retries only the filtered run's part of a group, and a resolved order is never sent", async () => {
    await finishedRun(OPERATOR, { "100": failed503 }, day(1));
    await finishedRun(ADMIN, { "200": failed503, "201": failed503 }, day(2));
    const done = await resolveGroup(conn, { actor: ADMIN, filter: { by: "admin@demo.local" }, group: FIVE_XX, note: "Entered by hand in the ERP" });
    expect(done).toEqual({ resolved: 2, orderIds: ["200", "201"] });
    expect(await resolveGroup(conn, { actor: ADMIN, filter: {}, group: { ...FIVE_XX }, note: "again" })).toMatchObject({ resolved: 1 });
    await expect(retry("after-resolve")).rejects.toMatchObject({ extra: { reason: "already_retried" } });
    expect(enqueued).toEqual([]);
    const notes = await conn.selectFrom("erp_order_resolutions").select(["order_id", "note", "resolved_by_email"]).orderBy("order_id").execute();
    expect(notes).toEqual([
      { order_id: "100", note: "again", resolved_by_email: "admin@demo.local" },
      { order_id: "200", note: "Entered by hand in the ERP", resolved_by_email: "admin@demo.local" },
      { order_id: "201", note: "Entered by hand in the ERP", resolved_by_email: "admin@demo.local" },
    ]);
    expect(await openExceptionCount(conn)).toBe(0);
  });

  it("sends not-sent orders of an interrupted run as their own origin", async () => {
    await finishedRun(OPERATOR, { "100": { outcome: "transferred" }, "101": { outcome: "pending" } }, day(1), "interrupted");
    const { run } = await retry("unsent", { meaning: "not_sent", reasonCode: null, reason: null });
    expect(run.origin).toBe("send_unsent");
    expect(enqueued).toEqual([["101"]]);
  });

  it("refuses more orders than a run may hold", async () => {
    await finishedRun(OPERATOR, { "100": failed503, "101": failed503 }, day(1));
    await expect(
      retryGroup(conn, { actor: OPERATOR, idempotencyKey: "big", filter: {}, group: FIVE_XX, batchSize: 100, maxOrdersPerRun: 1, enqueue: async () => undefined }),
    ).rejects.toMatchObject({ extra: { fieldCodes: { retry: [{ code: "validation.erp.retryRefused.too_many" }] } } });
    expect(enqueued).toEqual([]);
    expect(await openExceptionCount(conn)).toBe(2);
  });
});

describe("failures inbox reads", () => {
  it("lists a finished run's orders past its mark as not sent, except a batch still marked as sending", async () => {
    const runId = await finishedRun(ADMIN, { "400": { outcome: "pending" }, "401": { outcome: "pending" }, "402": { outcome: "pending" }, "403": { outcome: "pending" } }, day(5));
    await conn.updateTable("erp_transfer_runs").set({ transferred_through: 1, sending_from: 2, sending_to: 3 }).where("id", "=", runId).execute();
    await refreshCounts(conn, runId);
    expect((await inboxGroups(conn, {})).map((g) => [g.meaning, g.count])).toEqual([["not_sent", 1]]);
    expect(await openExceptionCount(conn)).toBe(1);
  });
});
