import { sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { alertsMigration } from "@/lib/alerts/migration";
import { transferOutcomesMigration } from "@/lib/erp/outcomes-migration";
import { homeMigration } from "@/lib/home/migration";
import { schedulesMigration } from "@/lib/schedules/migration";
import { viewsMigration } from "@/lib/views/migration";

// Versioned PostgreSQL migrations, in order. Never edit a released one: add the next.
// Timestamps are ISO-8601 text and flags 0/1 integers, as in the SQLite stores `npm run store:copy` reads.
const migrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("members")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("source", "text", (c) => c.notNull().defaultTo("password"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("sso_issuer", "text")
        .addColumn("sso_subject", "text")
        .addColumn("sso_allowed", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("members_sso_identity").on("members").columns(["sso_issuer", "sso_subject"]).unique().execute();

      await db.schema
        .createTable("audit_events")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("actor_id", "integer")
        .addColumn("actor_email", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_type", "text")
        .addColumn("target_id", "text")
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("message", "text")
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .addColumn("details_json", "text")
        .addColumn("request_id", "text")
        .addColumn("ip", "text")
        .execute();
      await db.schema.createIndex("audit_events_at").on("audit_events").column("at").execute();
      await db.schema.createIndex("audit_events_target").on("audit_events").columns(["target_type", "target_id"]).execute();
      await db.schema.createIndex("audit_events_actor").on("audit_events").column("actor_email").execute();

      await db.schema
        .createTable("login_failures")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("login_failures_key_at").on("login_failures").columns(["key", "at"]).execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("member_id", "integer", (c) => c.notNull().references("members.id"))
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_member").on("sessions").column("member_id").execute();
      await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

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
      // Only the primary key: a batch is a range of positions, and with no index on the outcome and room left on
      // each page, the runner's outcome writes are HOT updates that touch no index at all.
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
  "0002_schedules": schedulesMigration,
  "0003_alerts": alertsMigration,
  "0004_home": homeMigration,
  // Two costs of a 10,000-order run. The order rows are written with their run, in its transaction, and runs are
  // never deleted: the foreign keys' per-row checks only slowed the run's creation (by half on PostgreSQL). And the
  // batch in flight is marked on the run row (one row) instead of on each of its orders (a hundred row writes per batch).
  "0005_transfer_speed": {
    async up(db: Kysely<unknown>) {
      await sql`alter table erp_transfer_orders drop constraint if exists erp_transfer_orders_run_id_fkey`.execute(db);
      await sql`alter table erp_transfer_orders drop constraint if exists erp_transfer_orders_retried_in_fkey`.execute(db);
      await db.schema.alterTable("erp_transfer_runs").addColumn("sending_from", "integer").execute();
      await db.schema.alterTable("erp_transfer_runs").addColumn("sending_to", "integer").execute();
    },
  },
  // A batch whose orders all went through writes one run row instead of its order rows: orders still pending at or
  // below the run's mark read as transferred (lib/erp/store.ts, OUTCOME). Existing runs keep 0: all written out.
  "0006_transfer_mark": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("erp_transfer_runs")
        .addColumn("transferred_through", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  "0007_saved_views": viewsMigration,
  "0008_transfer_outcomes_by_meaning": transferOutcomesMigration,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
