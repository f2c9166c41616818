import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { createTransferRun, type RunActor } from "@/lib/erp/transfers/runs";
import { getRun, toRunSummary } from "@/lib/erp/transfers/store";
import { refreshCounts } from "@/lib/erp/transfers/settling";
import { retriedFromInbox } from "@/lib/erp/inbox/lists";
import { resolveGroup, retryGroup } from "@/lib/erp/inbox/store";
import { callRoute } from "@/test/in-process-console";
import { openTestDb } from "@/test/store";

// Home's attention, its chart and the nav badge count what the failures inbox holds: orders whose latest outcome is open and unresolved.

const state = stubDoors({ member: { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const }, conn: undefined as unknown as Kysely<Database>, config: () => ({ accountTimeZone: "UTC", erp: { maxOrdersPerRun: 100 } }) });

const OPERATOR: RunActor = { id: 2, email: "operator@demo.local", name: "Demo Operator" };
type Ending = { outcome: "transferred" | "not_transferred" | "unknown" | "pending"; meaning?: string; reason?: string; reasonCode?: string };
const failed: Ending = { outcome: "not_transferred", meaning: "failed", reasonCode: "server_error:503" };
const refused: Ending = { outcome: "not_transferred", meaning: "rejected", reason: "Order not found" };
const done: Ending = { outcome: "transferred" };
const ids: Record<string, string> = {};

async function finishedRun(endings: Record<string, Ending>, runState: "completed" | "interrupted" = "completed", runId?: string) {
  const orderIds = Object.keys(endings);
  const id =
    runId ??
    (
      await createTransferRun(state.conn, {
        actor: OPERATOR,
        idempotencyKey: `seed-${Math.random()}`,
        request: { orderIds },
        batchSize: 100,
        maxOrdersPerRun: 1000,
        enqueue: async () => undefined,
      })
    ).run.id;
  for (const [i, order] of orderIds.entries()) {
    const e = endings[order]!;
    await state.conn
      .updateTable("erp_transfer_orders")
      .set({ outcome: e.outcome, meaning: e.meaning ?? null, reason: e.reason ?? null, reason_code: e.reasonCode ?? null })
      .where("run_id", "=", id)
      .where("position", "=", i + 1)
      .execute();
  }
  await state.conn.updateTable("erp_transfer_runs").set({ state: runState, finished_at: new Date() }).where("id", "=", id).execute();
  await refreshCounts(state.conn, id);
  return id;
}

async function get<T>(path: string): Promise<T> {
  const res = await callRoute("GET", path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const home = () => get<{ counts: Record<string, number>; runs: { id: string; open: number }[] }>("/api/home/transfers");
const badge = async () => (await get<{ open: number }>("/api/erp/failures/count")).open;
const inbox = async () => (await get<{ total: number }>("/api/erp/failures")).total;
async function chart() {
  const { days } = await get<{ days: { counts: Record<string, number> }[] }>("/api/home/outcomes");
  const sum = (k: string) => days.reduce((n, d) => n + d.counts[k]!, 0);
  return { transferred: sum("transferred"), open: sum("failed") + sum("unknown") + sum("not_sent"), rejected: sum("rejected") };
}

beforeAll(async () => {
  state.conn = await openTestDb();
  ids.failed = await finishedRun({ "100": failed, "101": failed, "102": done });
  ids.refused = await finishedRun({ "200": refused, "201": done });
  ids.stopped = await finishedRun({ "300": done, "301": { outcome: "pending" }, "302": { outcome: "pending" } }, "interrupted");
});

afterAll(async () => {
  await state.conn?.destroy();
});

describe("what Home counts as needing attention", () => {
  it("lists runs with open orders, never one whose only problem is a rejection, and agrees with the inbox, the badge and the chart", async () => {
    const tile = await home();
    expect(tile.counts).toEqual({ needs_attention: 1, interrupted: 1 });
    expect(tile.runs.map((r) => [r.id, r.open]).sort()).toEqual([[ids.failed, 2], [ids.stopped, 2]].sort());
    expect(await badge()).toBe(5);
    expect(await inbox()).toBe(5);
    expect(await chart()).toEqual({ transferred: 3, open: 4, rejected: 1 });
  });

  it("drops a run once its failed orders were retried from the inbox and transferred, counting each order once", async () => {
    const { run } = await retryGroup(state.conn, {
      actor: OPERATOR,
      idempotencyKey: "home-retry",
      filter: {},
      group: { meaning: "failed", reasonCode: "server_error:503", reason: null },
      batchSize: 100,
      maxOrdersPerRun: 100,
      enqueue: async () => undefined,
    });
    await finishedRun({ "100": done, "101": done }, "completed", run.id);
    expect(retriedFromInbox(toRunSummary(run))).toBe(true);
    expect(retriedFromInbox(toRunSummary((await getRun(state.conn, ids.failed!))!))).toBe(false);
    const tile = await home();
    expect(tile.counts).toEqual({ needs_attention: 0, interrupted: 1 });
    expect(tile.runs.map((r) => r.id)).toEqual([ids.stopped]);
    expect(await badge()).toBe(3);
    expect(await inbox()).toBe(3);
    expect(await chart()).toEqual({ transferred: 5, open: 2, rejected: 1 });
  });

  it("drops a stopped run once its unsent orders were sent or resolved", async () => {
    await resolveGroup(state.conn, { actor: OPERATOR, filter: {}, group: { meaning: "not_sent", reasonCode: null, reason: null }, note: "sent by hand" });
    const tile = await home();
    expect(tile.counts).toEqual({ needs_attention: 0, interrupted: 0 });
    expect(tile.runs).toEqual([]);
    expect(await badge()).toBe(1);
    expect(await chart()).toEqual({ transferred: 5, open: 0, rejected: 1 });
    const { run } = await createTransferRun(state.conn, {
      actor: OPERATOR,
      idempotencyKey: "page-retry",
      request: { retry: "rejected", parentRunId: ids.refused! },
      batchSize: 100,
      maxOrdersPerRun: 100,
      enqueue: async () => undefined,
    });
    expect(retriedFromInbox(toRunSummary(run))).toBe(false);
  });
});
