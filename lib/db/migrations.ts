import { sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

// Versioned migrations, in order. Never edit a released one: add the next.
const migrations: Record<string, Migration> = {
  "0001_members_audit_throttle": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("members")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("source", "text", (c) => c.notNull().defaultTo("password"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("audit_events")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("login_failures_key_at").on("login_failures").columns(["key", "at"]).execute();
      void sql;
    },
  },
  "0002_erp_runs": {
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
        .addColumn("owner_instance", "text")
        .addColumn("heartbeat_at", "text")
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
        .addPrimaryKeyConstraint("erp_transfer_orders_pk", ["run_id", "position"])
        .execute();
      await db.schema.createIndex("erp_transfer_orders_batch").on("erp_transfer_orders").columns(["run_id", "batch"]).execute();
      await db.schema
        .createIndex("erp_transfer_orders_outcome")
        .on("erp_transfer_orders")
        .columns(["run_id", "outcome", "position"])
        .execute();

      await db.schema
        .createTable("erp_import_runs")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
  "0003_sessions_sso": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("members").addColumn("session_version", "integer", (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable("members").addColumn("sso_issuer", "text").execute();
      await db.schema.alterTable("members").addColumn("sso_subject", "text").execute();
      await db.schema.alterTable("members").addColumn("sso_allowed", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex("members_sso_identity").on("members").columns(["sso_issuer", "sso_subject"]).unique().execute();

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
    },
  },
  "0004_erp_retries": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("erp_transfer_orders")
        .addColumn("retried_in", "text", (c) => c.references("erp_transfer_runs.id"))
        .execute();
      await sql`
        UPDATE erp_transfer_orders SET retried_in = (
          SELECT c.id FROM erp_transfer_runs c
          JOIN erp_transfer_orders co ON co.run_id = c.id
          WHERE c.parent_run_id = erp_transfer_orders.run_id AND co.order_id = erp_transfer_orders.order_id
          ORDER BY c.created_at, c.id LIMIT 1
        )
        WHERE outcome IN ('not_transferred', 'pending', 'unknown')`.execute(db);
      await db.schema
        .createTable("console_locks")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("holder", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
