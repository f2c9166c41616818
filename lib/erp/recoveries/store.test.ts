import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { createTransferRun, type RunActor } from "@/lib/erp/transfers/runs";
import { refreshCounts } from "@/lib/erp/transfers/settling";
import { listRecoveryRows, previewWindow, startRecovery, type RecoveryWindow } from "@/lib/erp/recoveries/store";
import { recoveryBodySchema } from "@/lib/erp/recoveries/schemas";
import { DomainError } from "@/lib/rules/problems";
import { openTestDb } from "@/test/store";

const OPERATOR: RunActor = { id: 2, email: "operator@demo.local", name: "Demo Operator" };
let conn: Kysely<Database>;
let enqueued: string[][];

beforeEach(async () => {
  conn = await openTestDb();
  enqueued = [];
});

afterEach(async () => {
  await conn.destroy();
});

type Ending = { outcome: "transferred" | "not_transferred" | "unknown"; meaning?: string; reasonCode?: string; at: Date; source?: string };
const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 10, 3, hh, mm));
const failed = (time: Date, source?: string, reasonCode = "server_error:503"): Ending => ({ outcome: "not_transferred", meaning: "failed", reasonCode, at: time, source });
const window: RecoveryWindow = { from: at(9, 10), to: at(11, 40) };

/** A finished run whose orders ended as given, each failure written at its own time, as the runner leaves one. */
async function finishedRun(endings: Record<string, Ending>) {
  const ids = Object.keys(endings);
  const { run } = await createTransferRun(conn, { actor: OPERATOR, idempotencyKey: `seed-${Math.random()}`, request: { orderIds: ids, confirmUnknown: true }, batchSize: 100, maxOrdersPerRun: 1000, enqueue: async () => undefined, now: at(8, 0) });
  for (const [i, id] of ids.entries()) {
    const e = endings[id]!;
    await conn
      .updateTable("erp_transfer_orders")
      .set({ outcome: e.outcome, meaning: e.meaning ?? null, reason_code: e.reasonCode ?? null, updated_at: e.at, source: e.source ?? null })
      .where("run_id", "=", run.id)
      .where("position", "=", i + 1)
      .execute();
  }
  await conn.updateTable("erp_transfer_runs").set({ state: "completed", finished_at: at(12, 0) }).where("id", "=", run.id).execute();
  await refreshCounts(conn, run.id);
  return run.id;
}

const recover = (expectedCount: number, w: RecoveryWindow = window, key = `k-${Math.random()}`, max = 1000) =>
  startRecovery(conn, { actor: OPERATOR, idempotencyKey: key, window: w, name: "ERP outage 3 Nov", expectedCount, pace: 6, batchSize: 2, maxOrdersPerRun: max, enqueue: async (_trx, _job, ids) => void enqueued.push([...(ids ?? [])]) });

const refusalOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof DomainError ? { code: e.code, extra: e.extra } : e));

describe("recovery of an incident window", () => {
  it("counts the failed and unknown orders of the window once each, leaving out those outside it, rejected, or since in the ERP", async () => {
    await finishedRun({
      "A1": failed(at(9, 10)),
      "A2": { outcome: "unknown", reasonCode: "timeout", at: at(10, 0) },
      "A3": failed(at(11, 40)),
      "A4": failed(at(9, 9)),
      "A5": { outcome: "not_transferred", meaning: "rejected", at: at(10, 0) },
      "A6": failed(at(10, 30)),
      "A7": { outcome: "transferred", at: at(10, 0) },
    });
    // A6 went into the ERP through a later run; A1 failed twice in the window and counts once.
    await finishedRun({ "A6": { outcome: "transferred", at: at(10, 45) }, "A1": failed(at(11, 0)) });

    expect(await previewWindow(conn, window)).toEqual({ count: 2, orderIds: ["A1", "A2"] });
  });

  it("filters by channel and by reason", async () => {
    await finishedRun({ "B1": failed(at(10, 0), "trendyol"), "B2": failed(at(10, 1), "hepsiburada"), "B3": failed(at(10, 2), "trendyol", "timeout") });
    expect(await previewWindow(conn, { ...window, source: "trendyol" })).toEqual({ count: 2, orderIds: ["B1", "B3"] });
    expect(await previewWindow(conn, { ...window, reason: "timeout" })).toEqual({ count: 1, orderIds: ["B3"] });
    expect(await previewWindow(conn, { ...window, source: "hepsiburada", reason: "timeout" })).toEqual({ count: 0, orderIds: [] });
  });

  it("starts one paced recovery run of the frozen ids and records it; a later failure is not carried, and a second recovery finds none", async () => {
    await finishedRun({ "C1": failed(at(9, 30)), "C2": failed(at(9, 31)), "C3": failed(at(9, 32)) });
    const { run, created, recovery } = await recover(3);

    expect(created).toBe(true);
    expect(run).toMatchObject({ origin: "recovery", total_orders: 3, pace_per_minute: 6, total_batches: 2 });
    expect(enqueued).toEqual([["C1", "C2", "C3"]]);
    expect(recovery).toMatchObject({ name: "ERP outage 3 Nov", order_count: 3, run_id: run.id, pace_per_minute: 6 });
    expect((await listRecoveryRows(conn, { page: 1, limit: 10 })).items.map((r) => r.run_id)).toEqual([run.id]);

    await finishedRun({ "C4": failed(at(9, 33)) });
    const ids = await conn.selectFrom("erp_transfer_orders").select("order_id").where("run_id", "=", run.id).orderBy("position").execute();
    expect(ids.map((r) => r.order_id)).toEqual(["C1", "C2", "C3"]);
    expect(await previewWindow(conn, window)).toEqual({ count: 1, orderIds: ["C4"] });
  });

  it("refuses with 409 and the new count when the window holds another count than the one shown, sending nothing", async () => {
    await finishedRun({ "D1": failed(at(10, 0)), "D2": failed(at(10, 5)) });
    expect(await refusalOf(recover(1))).toEqual({ code: "conflict", extra: expect.objectContaining({ reason: "count_changed", count: 2 }) });
    expect(enqueued).toEqual([]);
    expect(await conn.selectFrom("erp_transfer_runs").select("id").where("origin", "=", "recovery").execute()).toEqual([]);
    expect(await conn.selectFrom("erp_recoveries").select("id").execute()).toEqual([]);
  });

  it("refuses a window of more orders than one run carries, naming to", async () => {
    await finishedRun({ "E1": failed(at(10, 0)), "E2": failed(at(10, 5)) });
    const refused = await refusalOf(recover(2, window, "k", 1));
    expect(refused).toMatchObject({ code: "validation_failed" });
    expect(enqueued).toEqual([]);
  });

  it("sends each order once when two confirms of the same count race", async () => {
    await finishedRun({ "F1": failed(at(10, 0)), "F2": failed(at(10, 1)), "F3": failed(at(10, 2)) });
    const results = await Promise.allSettled([recover(3), recover(3)]);

    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "conflict", extra: expect.objectContaining({ reason: "count_changed", count: 0 }) });
    expect(enqueued).toEqual([["F1", "F2", "F3"]]);
    const carried = await conn.selectFrom("erp_transfer_orders as o").innerJoin("erp_transfer_runs as r", "r.id", "o.run_id").select("o.order_id").where("r.origin", "=", "recovery").execute();
    expect(carried.map((r) => r.order_id).sort()).toEqual(["F1", "F2", "F3"]);
  });
});

describe("recovery body", () => {
  const body = { from: "2026-11-03T09:10:00+03:00", to: "2026-11-03T11:40:00+03:00", name: "ERP outage 3 Nov" };
  const fields = (input: unknown) => {
    const parsed = recoveryBodySchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("names the field of each bad input", () => {
    expect(fields(body)).toEqual([]);
    expect(fields({ ...body, to: "2026-11-03T09:00:00+03:00" })).toEqual(["to: validation.recovery.toBeforeFrom"]);
    expect(fields({ ...body, to: "2026-12-05T09:10:00+03:00" })).toEqual(["to: validation.recovery.windowTooLong"]);
    expect(fields({ ...body, name: "  " })).toEqual(["name: validation.recovery.name"]);
    expect(fields({ ...body, from: "2026-11-03 09:10" })).toEqual(["from: validation.recovery.dateTime"]);
    expect(fields({ ...body, confirm: true, expectedCount: 3, pacePerMinute: 0 })).toEqual(["pacePerMinute: validation.recovery.pace"]);
    expect(fields({ ...body, confirm: true })).toEqual(["expectedCount: validation.recovery.expectedCountRequired"]);
  });
});
