import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/schema";
import { importStarters, nextScheduledStarts } from "@/lib/home/schedules";
import { openTestDb } from "@/lib/testing/store";

// The home page reads the schedules feature's tables defensively: a store without them (or without the import run
// columns) reads "no schedule" and "started by a person", and one with them gives the next start per kind.

let conn: Kysely<Database>;

beforeAll(async () => {
  conn = await openTestDb();
  // This file's own database: drop whatever the schedules migration made, to start from a store without it.
  await sql`drop table if exists schedules cascade`.execute(conn);
  await sql`alter table erp_import_runs drop column if exists origin`.execute(conn);
  await sql`alter table erp_import_runs drop column if exists schedule_id`.execute(conn);
});

afterAll(async () => {
  await conn.destroy();
});

async function importRun(kind: string): Promise<number> {
  const r = await sql<{ id: number }>`
    insert into erp_import_runs (kind, started_at, started_by_email, started_by_name, outcome, may_have_acted, repeat_confirmed)
    values (${kind}, ${new Date().toISOString()}, 'operator@demo.local', 'Onur Operator', 'started', 0, 0) returning id`.execute(conn);
  return Number(r.rows[0]!.id);
}

describe("without the schedules tables", () => {
  it("has no next start and every start is a person's", async () => {
    expect(await nextScheduledStarts(conn)).toEqual({ products: null, prices: null, stock: null });
    const id = await importRun("stock");
    expect((await importStarters(conn, [id])).get(id) ?? { origin: "manual" }).toMatchObject({ origin: "manual" });
  });
});

describe("with the schedules tables", () => {
  it("gives the earliest next start of each kind among the schedules not paused, and which schedule started a run", async () => {
    await sql`create table schedules (id text primary key, kind text not null, name text, paused integer not null default 0, next_start_at text)`.execute(conn);
    await sql`alter table erp_import_runs add column origin text not null default 'manual', add column schedule_id text`.execute(conn);
    await sql`insert into schedules (id, kind, name, paused, next_start_at) values
      ('s1', 'stock', 'Stock every 15 minutes', 0, '2026-11-23T07:15:00.000Z'),
      ('s2', 'stock', 'Stock at night', 0, '2026-11-23T23:00:00.000Z'),
      ('s3', 'prices', 'Prices daily', 1, '2026-11-23T06:30:00.000Z'),
      ('s4', 'products', null, 0, null)`.execute(conn);
    expect(await nextScheduledStarts(conn)).toEqual({
      products: null,
      prices: null,
      stock: { at: "2026-11-23T07:15:00.000Z", scheduleId: "s1", name: "Stock every 15 minutes" },
    });

    const manual = await importRun("prices");
    const scheduled = await importRun("stock");
    await sql`update erp_import_runs set origin = 'scheduled', schedule_id = 's1' where id = ${scheduled}`.execute(conn);
    const starters = await importStarters(conn, [manual, scheduled]);
    expect(starters.get(manual)).toEqual({ origin: "manual", scheduleId: null, scheduleName: null });
    expect(starters.get(scheduled)).toEqual({ origin: "scheduled", scheduleId: "s1", scheduleName: "Stock every 15 minutes" });
  });

  it("lets any other store error through (a failure is not 'no schedule')", async () => {
    await sql`alter table schedules alter column paused type text`.execute(conn);
    await expect(nextScheduledStarts(conn)).rejects.toThrow();
  });
});
