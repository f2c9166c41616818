import { sql, type Kysely, type Migration } from "kysely";
import { addColumns, createTable, toBoolean, toTimestamptz } from "@/lib/db/migrations";
import { transferOutcomesMigration } from "@/lib/erp/outcomes/migrations";
import { recoveriesMigration } from "@/lib/erp/recoveries/migrations";
import { failuresInboxMigration } from "@/lib/erp/inbox/migrations";

export const erpMigrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "erp_transfer_runs", {
        id: "text primary key",
        created_at: "text not null",
        created_by_id: "integer",
        created_by_email: "text not null",
        created_by_name: "text not null",
        idempotency_key: "text not null",
        request_hash: "text not null",
        parent_run_id: "text references erp_transfer_runs.id",
        origin: "text not null",
        state: "text not null",
        batch_size: "integer not null",
        total_orders: "integer not null",
        total_batches: "integer not null",
        batches_done: "integer not null default 0",
        transferred_count: "integer not null default 0",
        not_transferred_count: "integer not null default 0",
        unknown_count: "integer not null default 0",
        pending_count: "integer not null default 0",
        sending_count: "integer not null default 0",
        started_at: "text",
        finished_at: "text",
        // The job engine's job that works the run now: a worker whose job was taken over stops writing.
        job_id: "text",
      });
      await db.schema
        .createIndex("erp_transfer_runs_idempotency")
        .on("erp_transfer_runs")
        .columns(["created_by_email", "idempotency_key"])
        .unique()
        .execute();
      await db.schema.createIndex("erp_transfer_runs_created").on("erp_transfer_runs").column("created_at").execute();
      await db.schema.createIndex("erp_transfer_runs_state").on("erp_transfer_runs").column("state").execute();
      await db.schema.createIndex("erp_transfer_runs_parent").on("erp_transfer_runs").column("parent_run_id").execute();

      await createTable(db, "erp_transfer_orders", {
        run_id: "text primary key not null references erp_transfer_runs.id on delete cascade",
        position: "integer primary key not null",
        order_id: "text not null",
        batch: "integer not null",
        outcome: "text not null",
        reason: "text",
        reason_code: "text",
        updated_at: "text",
        retried_in: "text references erp_transfer_runs.id",
      });
      // Only the primary key, and room on each page: the runner's outcome writes are HOT updates that touch no index.
      await sql`alter table erp_transfer_orders set (fillfactor = 60)`.execute(db);

      await createTable(db, "erp_import_runs", {
        id: "serial primary key",
        kind: "text not null",
        started_at: "text not null",
        started_by_id: "integer",
        started_by_email: "text not null",
        started_by_name: "text not null",
        outcome: "text not null",
        message: "text",
        error_code: "text",
        error_detail: "text",
        may_have_acted: "integer not null default 0",
        repeat_confirmed: "integer not null default 0",
        finished_at: "text",
      });
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
      await addColumns(db, "erp_transfer_orders", {
        source: "text",
        order_date: "timestamptz",
        package_id: "text",
        first_seen_at: "timestamptz",
      });
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
