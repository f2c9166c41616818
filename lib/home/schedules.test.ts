import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { nextScheduledStarts, scheduleNames } from "@/lib/home/schedules";
import { insertSchedule, setPaused } from "@/lib/schedules/store";
import { openTestDb } from "@/test/store";

// The home page's reads of the schedules: the earliest next start per kind among those not paused, and their names.

let conn: Kysely<Database>;

beforeAll(async () => {
  conn = await openTestDb();
});

afterAll(async () => {
  await conn.destroy();
});

describe("the home page's schedule reads", () => {
  it("has no next start without schedules", async () => {
    expect(await nextScheduledStarts(conn)).toEqual({ products: null, prices: null, stock: null });
    expect(await scheduleNames(conn, [])).toEqual(new Map());
  });

  it("gives the earliest next start of each kind among the schedules not paused, and schedule names by id", async () => {
    const now = new Date("2026-11-23T04:00:00.000Z");
    const zone = "Europe/Istanbul";
    const often = await insertSchedule(conn, { kind: "stock", name: "Stock every 15 minutes", rule: { type: "every", minutes: 15 }, timeZone: zone, quiet: null }, "op@demo.local", now);
    await insertSchedule(conn, { kind: "stock", name: "Stock at night", rule: { type: "daily", times: ["23:00"] }, timeZone: zone, quiet: null }, "op@demo.local", now);
    const prices = await insertSchedule(conn, { kind: "prices", name: null, rule: { type: "daily", times: ["06:30"] }, timeZone: zone, quiet: null }, "op@demo.local", now);
    await setPaused(conn, prices.id, true, "op@demo.local", now);

    expect(await nextScheduledStarts(conn)).toEqual({
      products: null,
      prices: null,
      stock: { at: "2026-11-23T04:15:00.000Z", scheduleId: often.id, name: "Stock every 15 minutes" },
    });
    expect(await scheduleNames(conn, [often.id, prices.id, often.id, "gone"])).toEqual(
      new Map([
        [often.id, "Stock every 15 minutes"],
        [prices.id, null],
      ]),
    );
  });
});
