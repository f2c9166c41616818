import { sql, type Kysely, type Migration } from "kysely";
import { toBoolean, toTimestamptz } from "@/lib/db/migrations";
import { transferOutcomesMigration } from "@/lib/erp/outcomes/migrations";
import { recoveriesMigration } from "@/lib/erp/recoveries/migrations";
import { failuresInboxMigration } from "@/lib/erp/inbox/migrations";

export const erpMigrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("erp_transfer_runs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by_id", "integer")
        .addColumn("created_by_email", "text", (c) => c.notNull())
        .addColumn("created_by_name", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text", (c) => c.notNull())
        .addColumn("request_hash", "text", (c) => c.notNull())
        .addColumn("parent_run_id", "text", (c) => c.references("erp_transfer_runs.id"))
        .addColumn("origin", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("batch_size", "integer", (c) => c.notNull())
        .addColumn("total_orders", "integer", (c) => c.notNull())
        .addColumn("total_batches", "integer", (c) => c.notNull())
        .addColumn("batches_done", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("transferred_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("not_transferred_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("unknown_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("pending_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sending_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("started_at", "text")
        .addColumn("finished_at", "text")
        // The job engine's job that works the run now: a worker whose job was taken over stops writing.
        .addColumn("job_id", "text")
        .execute();
      await db.schema
        .createIndex("erp_transfer_runs_idempotency")
        .on("erp_transfer_runs")
        .columns(["created_by_email", "idempotency_key"])
        .unique()
        .execute();
      await db.schema.createIndex("erp_transfer_runs_created").on("erp_transfer_runs").column("created_at").execute();
      await db.schema.createIndex("erp_transfer_runs_state").on("erp_transfer_runs").column("state").execute();
      await db.schema.createIndex("erp_transfer_runs_parent").on("erp_transfer_runs").column("parent_run_id").execute();

      await db.schema
        .createTable("erp_transfer_orders")
        .addColumn("run_id", "text", (c) => c.notNull().references("erp_transfer_runs.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("batch", "integer", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("reason_code", "text")
        .addColumn("updated_at", "text")
        .addColumn("retried_in", "text", (c) => c.references("erp_transfer_runs.id"))
        .addPrimaryKeyConstraint("erp_transfer_orders_pk", ["run_id", "position"])
        .execute();
      // Only the primary key, and room on each page: the runner's outcome writes are HOT updates that touch no index.
      await sql`alter table erp_transfer_orders set (fillfactor = 60)`.execute(db);

      await db.schema
        .createTable("erp_import_runs")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("started_by_id", "integer")
        .addColumn("started_by_email", "text", (c) => c.notNull())
        .addColumn("started_by_name", "text", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("message", "text")
        .addColumn("error_code", "text")
        .addColumn("error_detail", "text")
        .addColumn("may_have_acted", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("repeat_confirmed", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("finished_at", "text")
        .execute();
      await db.schema.createIndex("erp_import_runs_kind_started").on("erp_import_runs").columns(["kind", "started_at"]).execute();
    },
  },
  // Order rows are written with their never-deleted run, so foreign keys only slowed its creation; the batch in flight is marked on the run row.
  "0005_transfer_speed": {
    async up(db: Kysely<unknown>) {
      await sql`alter table erp_transfer_orders drop constraint if exists erp_transfer_orders_run_id_fkey`.execute(db);
      await sql`alter table erp_transfer_orders drop constraint if exists erp_transfer_orders_retried_in_fkey`.execute(db);
      await db.schema.alterTable("erp_transfer_runs").addColumn("sending_from", "integer").execute();
      await db.schema.alterTable("erp_transfer_runs").addColumn("sending_to", "integer").execute();
    },
  },
  // Orders still pending at or below the run's mark read as transferred (lib/erp/transfers/orders.ts, OUTCOME); existing runs keep 0.
  "0006_transfer_mark": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("erp_transfer_runs")
        .addColumn("transferred_through", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // PostgreSQL's own types for what the SQLite days kept as ISO text and 0/1 (existing rows converted in place).
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      await toTimestamptz(db, "erp_transfer_runs", ["created_at", "started_at", "finished_at"]);
      await toTimestamptz(db, "erp_transfer_orders", ["updated_at"]);
      await toTimestamptz(db, "erp_import_runs", ["started_at", "finished_at"]);
      await toBoolean(db, "erp_import_runs", { may_have_acted: false, repeat_confirmed: false });
    },
  },
  "0009_transfer_outcomes_by_meaning": transferOutcomesMigration,
  // Orders looked up by id (history, preview); order_id is never updated, so the runner's outcome writes stay HOT.
  "0010_order_history": {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("erp_transfer_orders_order_id").on("erp_transfer_orders").column("order_id").execute();
    },
  },
  // Migrations import no catalog: the e2e suite's cluster harness loads them outside Next.
  "0011_transfer_stop": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("erp_transfer_runs").addColumn("stop_requested_at", "timestamptz").execute();
      await db.schema.alterTable("erp_transfer_runs").addColumn("stop_requested_by", "text").execute();
    },
  },
  "0012_failures_inbox": failuresInboxMigration,
  // The inbox reads written exceptions through this (lib/erp/inbox/store.ts); only exception writes leave HOT, transferred orders are never written.
  "0015_open_exceptions": {
    async up(db: Kysely<unknown>) {
      await sql`
        create index erp_transfer_orders_open on erp_transfer_orders (run_id, position)
        where outcome in ('not_transferred', 'unknown') and retried_in is null and meaning is distinct from 'already_in_erp'
      `.execute(db);
    },
  },
  "0019_order_channels": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("erp_transfer_orders")
        .addColumn("source", "text")
        .addColumn("order_date", "timestamptz")
        .addColumn("package_id", "text")
        .addColumn("first_seen_at", "timestamptz")
        .execute();
    },
  },
  "0020_run_channels": {
    async up(db: Kysely<unknown>) {
      await sql`create index erp_transfer_orders_source on erp_transfer_orders (source, run_id) where source is not null`.execute(db);
    },
  },
  "0019_transfer_run_pace": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("erp_transfer_runs").addColumn("pace_per_minute", "integer").execute();
    },
  },
  "0020_recoveries": recoveriesMigration,
};
