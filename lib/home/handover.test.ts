import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { refreshCounts } from "@/lib/erp/transfers/settling";
import { resolveGroup } from "@/lib/erp/inbox/store";
import { composeHandover, markHandoverRead, pinnedHandover, saveHandover, shiftStart } from "@/lib/home/handover";
import { openTestDb } from "@/test/store";

// The shift handover: the shift's runs, what is open and why, what was resolved with its note, imports; pinned for others until each reads it.

const ONUR = { email: "operator@demo.local", name: "Onur Operator" };
const AYSE = { email: "admin@demo.local", name: "Ayşe Admin" };
const NOW = new Date("2026-03-10T18:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
let conn: Kysely<Database>;

beforeEach(async () => {
  conn = await openTestDb();
});
afterEach(async () => {
  await conn.destroy();
});

async function run(at: Date, endings: Record<string, { outcome: "transferred" | "not_transferred"; meaning?: string; reasonCode?: string }>) {
  const ids = Object.keys(endings);
  const { run } = await createTransferRun(conn, { actor: { id: 2, ...ONUR }, idempotencyKey: `k-${Math.random()}`, request: { orderIds: ids }, batchSize: 100, maxOrdersPerRun: 100, enqueue: async () => undefined, now: at });
  for (const [i, id] of ids.entries()) {
    const e = endings[id]!;
    await conn.updateTable("erp_transfer_orders").set({ outcome: e.outcome, meaning: e.meaning ?? null, reason_code: e.reasonCode ?? null }).where("run_id", "=", run.id).where("position", "=", i + 1).execute();
  }
  await conn.updateTable("erp_transfer_runs").set({ state: "completed", finished_at: at }).where("id", "=", run.id).execute();
  await refreshCounts(conn, run.id);
}

const failed = { outcome: "not_transferred", meaning: "failed", reasonCode: "server_error:503" } as const;

describe("composeHandover", () => {
  it("sums up the last 12 hours in the writer's language: runs, open orders and why, resolutions with notes, imports", async () => {
    await run(hours(20), { "1": failed });
    await run(hours(2), { "2": failed, "3": failed, "4": { outcome: "transferred" } });
    await resolveGroup(conn, { actor: { id: 2, ...ONUR }, filter: {}, group: { meaning: "failed", reasonCode: "server_error:503", reason: null }, note: "Cancelled by the store", now: hours(1) });
    await run(hours(0.5), { "5": failed, "6": { outcome: "transferred" } });
    await conn.insertInto("erp_import_runs").values({ kind: "stock", started_at: hours(3), started_by_id: 2, started_by_email: ONUR.email, started_by_name: ONUR.name, outcome: "started", message: null, error_code: null, error_detail: null, finished_at: null }).execute();

    const en = await composeHandover(conn, { author: ONUR, locale: "en", timeZone: "Europe/Istanbul", now: NOW });
    expect(en.from).toEqual(hours(12));
    expect(en.body.split("\n")).toEqual([
      "Shift handover, 10 Mar 2026, 09:00 GMT+3 to 10 Mar 2026, 21:00 GMT+3, by Onur Operator",
      "",
      "2 transfer runs in the shift: 5 orders, 2 reached the ERP.",
      "",
      "Still open in the failures inbox: 1 order.",
      expect.stringMatching(/^- 1 Failed: .*503/),
      "",
      "Marked resolved in the shift: 3 orders.",
      "- 3 by Onur Operator: “Cancelled by the store”",
      "",
      "1 import started in the shift:",
      "- Stock, Onur Operator, 10 Mar 2026, 18:00 GMT+3: started",
    ]);
    const tr = await composeHandover(conn, { author: ONUR, locale: "tr", timeZone: "Europe/Istanbul", now: NOW });
    expect(tr.body).toContain("Vardiyada 2 aktarım çalıştırması: 5 sipariş, 2 tanesi ERP'ye ulaştı.");
    expect(tr.body).toContain("Başarısız siparişler kutusunda hâlâ açık: 1 sipariş.");
  });

  it("starts the shift at the writer's previous handover within 12 hours, never at someone else's", async () => {
    await saveHandover(conn, { author: ONUR, locale: "en", timeZone: "UTC", now: hours(4) });
    await saveHandover(conn, { author: AYSE, locale: "en", timeZone: "UTC", now: hours(1) });
    expect(await shiftStart(conn, ONUR.email, NOW)).toEqual(hours(4));
    expect(await shiftStart(conn, AYSE.email, NOW)).toEqual(hours(1));
    expect(await shiftStart(conn, ONUR.email, new Date(NOW.getTime() + 20 * 3_600_000))).toEqual(new Date(NOW.getTime() + 8 * 3_600_000));
  });
});

describe("the pinned handover", () => {
  it("shows the latest one someone else wrote until this member marks it read, each member on their own", async () => {
    const first = await saveHandover(conn, { author: ONUR, locale: "en", timeZone: "UTC", now: hours(2) });
    expect(await pinnedHandover(conn, ONUR.email)).toBeNull();
    expect((await pinnedHandover(conn, AYSE.email))?.id).toBe(first.id);
    expect((await pinnedHandover(conn, "viewer@demo.local"))?.id).toBe(first.id);
    expect(await markHandoverRead(conn, first.id, AYSE.email)).toBe(true);
    expect(await markHandoverRead(conn, first.id, AYSE.email)).toBe(true);
    expect(await pinnedHandover(conn, AYSE.email)).toBeNull();
    expect((await pinnedHandover(conn, "viewer@demo.local"))?.id).toBe(first.id);
    const second = await saveHandover(conn, { author: ONUR, locale: "en", timeZone: "UTC", now: hours(1) });
    expect((await pinnedHandover(conn, AYSE.email))?.id).toBe(second.id);
    expect(await markHandoverRead(conn, 999_999, AYSE.email)).toBe(false);
  });
});
