import { randomBytes } from "node:crypto";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { consoleMigrations } from "@/lib/boot/features";
import { getRunDetail } from "@/lib/erp/transfers/store";
import { listRunOrders } from "@/lib/erp/transfers/orders";
import { testDatabaseUrl, withDatabase } from "@/test/test-database";

// Runs stored before outcomes by meaning, re-read by the migration: a store built at the migration before, old rows, migrate.

const BEFORE = "0007_saved_views";
const name = `labs_test_outcomes_${randomBytes(6).toString("hex")}`;
let db: Kysely<Database>;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const at = "2024-05-01T09:30:00.000Z";
function oldRun(id: string, counts: { transferred: number; notTransferred: number; unknown: number; pending?: number }, state = "completed") {
  const total = counts.transferred + counts.notTransferred + counts.unknown + (counts.pending ?? 0);
  return sql`
    insert into erp_transfer_runs (id, created_at, created_by_id, created_by_email, created_by_name, idempotency_key, request_hash, parent_run_id,
      origin, state, batch_size, total_orders, total_batches, batches_done, transferred_count, not_transferred_count, unknown_count, pending_count,
      sending_count, transferred_through, started_at, finished_at, job_id)
    values (${id}, ${at}, 7, 'operator@demo.local', 'Demo Operator', ${`key-${id}`}, 'hash', null, 'new', ${state}, 100, ${total}, 1, 1,
      ${counts.transferred}, ${counts.notTransferred}, ${counts.unknown}, ${counts.pending ?? 0}, 0, 0, ${at}, ${at}, null)`;
}
function oldOrder(runId: string, position: number, outcome: string, reason: string | null, reasonCode: string | null) {
  return sql`insert into erp_transfer_orders (run_id, position, order_id, batch, outcome, reason, reason_code, updated_at)
    values (${runId}, ${position}, ${String(3572000 + position)}, 1, ${outcome}, ${reason}, ${reasonCode}, ${at})`;
}

const OVERLAP = "00000000-0000-4000-8000-000000000001";
const MIXED = "00000000-0000-4000-8000-000000000002";
const FAULTY = "00000000-0000-4000-8000-000000000003";
const CLEAN = "00000000-0000-4000-8000-000000000004";
const CUT = "00000000-0000-4000-8000-000000000005";

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(testDatabaseUrl(), name), max: 2 }) }) });
  const before = await new Migrator({ db, provider: { getMigrations: async () => consoleMigrations } }).migrateTo(BEFORE);
  expect(before.error).toBeUndefined();

  // An overlapping paste stored the old way: 2 transferred, 2 "not transferred" that were in the ERP already.
  await oldRun(OVERLAP, { transferred: 2, notTransferred: 2, unknown: 0 }).execute(db);
  await oldOrder(OVERLAP, 1, "transferred", null, null).execute(db);
  await oldOrder(OVERLAP, 2, "transferred", null, null).execute(db);
  await oldOrder(OVERLAP, 3, "not_transferred", "Sipariş daha önce aktarılmış.", null).execute(db);
  await oldOrder(OVERLAP, 4, "not_transferred", "SİPARİŞ DAHA ÖNCE AKTARILMIŞ", null).execute(db);
  // Known and unknown refusals next to done orders.
  await oldRun(MIXED, { transferred: 1, notTransferred: 3, unknown: 0 }).execute(db);
  await oldOrder(MIXED, 1, "transferred", null, null).execute(db);
  await oldOrder(MIXED, 2, "not_transferred", "Sipariş bulunamadı.", null).execute(db);
  await oldOrder(MIXED, 3, "not_transferred", "Order already transferred", null).execute(db);
  await oldOrder(MIXED, 4, "not_transferred", "Stok yetersiz.", null).execute(db);
  // Calls that failed, one that may have acted, and a batch refused with 422.
  await oldRun(FAULTY, { transferred: 0, notTransferred: 3, unknown: 1 }).execute(db);
  await oldOrder(FAULTY, 1, "not_transferred", null, "server_error:503").execute(db);
  await oldOrder(FAULTY, 2, "not_transferred", null, "rate_limited:429").execute(db);
  await oldOrder(FAULTY, 3, "not_transferred", "Geçersiz istek.", "rejected:422").execute(db);
  await oldOrder(FAULTY, 4, "unknown", null, "timeout").execute(db);
  await oldRun(CLEAN, { transferred: 2, notTransferred: 0, unknown: 0 }).execute(db);
  await oldOrder(CLEAN, 1, "transferred", null, null).execute(db);
  await oldOrder(CLEAN, 2, "transferred", null, null).execute(db);
  await oldRun(CUT, { transferred: 0, notTransferred: 1, unknown: 0, pending: 1 }, "interrupted").execute(db);
  await oldOrder(CUT, 1, "not_transferred", "Sipariş daha önce aktarılmış.", null).execute(db);
  await oldOrder(CUT, 2, "pending", null, null).execute(db);

  const after = await new Migrator({ db, provider: { getMigrations: async () => consoleMigrations } }).migrateToLatest();
  expect(after.error).toBeUndefined();
  expect(after.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0009_transfer_outcomes_by_meaning", "Success"]);
});

afterAll(async () => {
  await db?.destroy();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const detail = async (id: string) => (await getRunDetail(db, id))!;
const meanings = async (id: string) => (await listRunOrders(db, id, { page: 1, limit: 100 })).items.map((o) => [o.orderId, o.meaning]);

describe("runs stored before outcomes by meaning", () => {
  it("an overlapping paste that read as failures is complete and green, with nothing to retry", async () => {
    const run = await detail(OVERLAP);
    expect(run.result).toBe("complete");
    expect(run.status).toBe("all_transferred");
    expect(run.meanings).toEqual({ transferred: 2, alreadyInErp: 2, rejected: 0, failed: 0, unknown: 0, notSent: 0, sending: 0 });
    expect(run.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0, rejected: 0 });
    expect(await meanings(OVERLAP)).toEqual([
      ["3572001", "transferred"],
      ["3572002", "transferred"],
      ["3572003", "already_in_erp"],
      ["3572004", "already_in_erp"],
    ]);
  });

  it("known and unrecognised refusals are rejections; the run is complete with rejections", async () => {
    const run = await detail(MIXED);
    expect(run.result).toBe("complete_with_rejections");
    expect(run.meanings).toMatchObject({ transferred: 1, alreadyInErp: 1, rejected: 2, failed: 0, unknown: 0 });
    expect(run.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0, rejected: 2 });
    expect(run.rejections).toHaveLength(2);
    expect(run.rejections.map((r) => r.reason).sort()).toEqual(["Sipariş bulunamadı.", "Stok yetersiz."]);
    // The old field still counts every order the platform did not take.
    expect(run.counts.notTransferred).toBe(3);
  });

  it("failed calls and an unknown outcome need attention; a 422 batch is rejected", async () => {
    const run = await detail(FAULTY);
    expect(run.result).toBe("needs_attention");
    expect(run.status).toBe("with_failures");
    expect(run.meanings).toMatchObject({ transferred: 0, alreadyInErp: 0, rejected: 1, failed: 2, unknown: 1 });
    expect(run.retryable).toEqual({ failed: 2, unsent: 0, unknown: 1, rejected: 1 });
    expect(await meanings(FAULTY)).toEqual([
      ["3572001", "failed"],
      ["3572002", "failed"],
      ["3572003", "rejected"],
      ["3572004", "unknown"],
    ]);
  });

  it("a clean run stays complete, and an interrupted one stays interrupted with its counts re-read", async () => {
    expect((await detail(CLEAN)).result).toBe("complete");
    const cut = await detail(CUT);
    expect(cut.result).toBe("interrupted");
    expect(cut.meanings).toMatchObject({ alreadyInErp: 1, notSent: 1, failed: 0, rejected: 0 });
    expect(cut.retryable).toMatchObject({ unsent: 1, failed: 0 });
  });

  it("writes the meaning on each re-read row", async () => {
    const rows = await db.selectFrom("erp_transfer_orders").select(["run_id", "position", "meaning"]).where("run_id", "=", FAULTY).orderBy("position").execute();
    expect(rows.map((r) => r.meaning)).toEqual(["failed", "failed", "rejected", "unknown"]);
  });
});
