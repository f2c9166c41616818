import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrationProvider } from "@/lib/db/migrations";
import type { Database as Schema } from "@/lib/db/schema";

// Migration 0004 marks the orders that retries made before it already took, so that a store
// upgraded with such runs does not offer them again.

const dir = mkdtempSync(path.join(tmpdir(), "labs-erp-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (id: string, createdAt: string, parent: string | null) => ({
  id,
  created_at: createdAt,
  created_by_id: 1,
  created_by_email: "operator@demo.local",
  created_by_name: "Operator",
  idempotency_key: `key-${id}`,
  request_hash: "x",
  parent_run_id: parent,
  origin: parent ? "retry_failed" : "new",
  state: "completed",
  batch_size: 100,
  total_orders: 0,
  total_batches: 1,
  batches_done: 1,
  transferred_count: 0,
  not_transferred_count: 0,
  unknown_count: 0,
  pending_count: 0,
  sending_count: 0,
  started_at: createdAt,
  finished_at: createdAt,
  owner_instance: null,
  heartbeat_at: createdAt,
});

const order = (runId: string, position: number, orderId: string, outcome: string) => ({
  run_id: runId,
  position,
  order_id: orderId,
  batch: 1,
  outcome,
  reason: null,
  reason_code: null,
  updated_at: null,
});

describe("migration 0004_erp_retries", () => {
  it("points each order earlier retries took at the first child run that holds it", async () => {
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(path.join(dir, "store.sqlite")) }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    const upTo = await migrator.migrateTo("0002_erp_runs");
    expect(upTo.error).toBeUndefined();
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await raw.insertInto("erp_transfer_runs").values([run("parent", "2026-01-01T10:00:00Z", null), run("child-1", "2026-01-01T11:00:00Z", "parent"), run("child-2", "2026-01-01T12:00:00Z", "parent"), run("other", "2026-01-01T13:00:00Z", null)]).execute();
    await raw
      .insertInto("erp_transfer_orders")
      .values([
        order("parent", 1, "100", "transferred"),
        order("parent", 2, "200", "not_transferred"),
        order("parent", 3, "300", "not_transferred"),
        order("parent", 4, "400", "unknown"),
        order("child-1", 1, "200", "not_transferred"),
        order("child-1", 2, "300", "transferred"),
        order("child-2", 1, "200", "transferred"),
        // The same id in an unrelated run is not a retry of the parent's order.
        order("other", 1, "400", "transferred"),
      ])
      .execute();

    const latest = await migrator.migrateToLatest();
    expect(latest.error).toBeUndefined();
    const rows = await db.selectFrom("erp_transfer_orders").select(["run_id", "order_id", "retried_in"]).orderBy("run_id").orderBy("position").execute();
    expect(rows.filter((r) => r.run_id === "parent").map((r) => [r.order_id, r.retried_in])).toEqual([
      ["100", null],
      ["200", "child-1"],
      ["300", "child-1"],
      ["400", null],
    ]);
    expect(rows.filter((r) => r.run_id !== "parent").every((r) => r.retried_in === null)).toBe(true);
    await db.destroy();
  });
});
