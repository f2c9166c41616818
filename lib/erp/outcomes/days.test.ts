import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { dayRange, dayTotal } from "@/lib/erp/outcomes/days";
import { dayKey } from "@/lib/i18n/datetime";
import { outcomeDays } from "@/lib/erp/outcomes/days-store";
import { openTestDb } from "@/test/store";
import { insertRun } from "@/test/transfer-runs";

// Transfer outcomes per day: days are the account zone's, drawn by the store, and every day of the fortnight is there.

const NOW = Date.parse("2026-03-29T12:00:00Z");

describe("dayKey and dayRange", () => {
  it("names the zone's calendar day, across midnight and a daylight-saving change", () => {
    expect(dayKey(Date.parse("2026-03-10T20:59:00Z"), "Europe/Istanbul")).toBe("2026-03-10");
    expect(dayKey(Date.parse("2026-03-10T21:00:00Z"), "Europe/Istanbul")).toBe("2026-03-11");
    expect(dayKey(Date.parse("2026-03-11T04:30:00Z"), "America/New_York")).toBe("2026-03-11");
    const range = dayRange(NOW, "Europe/Berlin");
    expect(range).toHaveLength(14);
    expect([range[0], range.at(-1)]).toEqual(["2026-03-16", "2026-03-29"]);
    expect(dayRange(Date.parse("2026-03-29T23:30:00Z"), "Europe/Istanbul").at(-1)).toBe("2026-03-30");
  });
});

describe("outcomeDays", () => {
  let conn: Kysely<Database>;
  beforeAll(async () => {
    conn = await openTestDb();
    await insertRun(conn, "before Istanbul's midnight", "completed", "new", "2026-03-20T20:59:00Z", { transferred: 3, rejected: 1 });
    await insertRun(conn, "after Istanbul's midnight", "completed", "new", "2026-03-20T21:01:00Z", { already: 2, failed: 1, unknown: 4 });
    await insertRun(conn, "still sending", "running", "new", "2026-03-29T06:00:00Z", { transferred: 1, pending: 5, sending: 2 });
    await insertRun(conn, "first day", "completed", "new", "2026-03-15T21:30:00Z", { transferred: 7 });
    await insertRun(conn, "a day too old", "completed", "new", "2026-03-15T20:30:00Z", { transferred: 100 });
    await insertRun(conn, "after now", "completed", "new", "2026-03-29T12:30:00Z", { transferred: 100 });
  });
  afterAll(async () => {
    await conn.destroy();
  });

  it("counts each run's orders on the day it was started in the zone, every day of the fortnight listed", async () => {
    const { timeZone, days } = await outcomeDays(conn, "Europe/Istanbul", NOW);
    expect(timeZone).toBe("Europe/Istanbul");
    expect(days.map((d) => d.day)).toEqual(dayRange(NOW, "Europe/Istanbul"));
    const on = (day: string) => days.find((d) => d.day === day)?.counts;
    expect(on("2026-03-16")).toEqual({ transferred: 7, already_in_erp: 0, rejected: 0, failed: 0, unknown: 0, not_sent: 0 });
    expect(on("2026-03-20")).toMatchObject({ transferred: 3, already_in_erp: 0 });
    expect(on("2026-03-21")).toMatchObject({ transferred: 0, already_in_erp: 2 });
    expect(on("2026-03-29")).toMatchObject({ transferred: 1, already_in_erp: 0 });
    expect(days.reduce((n, d) => n + d.counts.transferred + d.counts.already_in_erp, 0)).toBe(7 + 3 + 2 + 1);
  });

  it("draws the day line where the zone does: in UTC both runs of 20 March fall on it", async () => {
    const { days } = await outcomeDays(conn, "UTC", NOW);
    expect(days.find((d) => d.day === "2026-03-20")?.counts).toMatchObject({ transferred: 3, already_in_erp: 2 });
    expect(days.find((d) => d.day === "2026-03-21")?.counts.already_in_erp).toBe(0);
    expect(days.find((d) => d.day === "2026-03-16")?.counts.transferred).toBe(0);
  });

  it("a fortnight with no run is fourteen empty days", async () => {
    const { days } = await outcomeDays(conn, "Europe/Istanbul", Date.parse("2025-01-10T12:00:00Z"));
    expect(days).toHaveLength(14);
    expect(days.every((d) => dayTotal(d) === 0)).toBe(true);
  });
});
