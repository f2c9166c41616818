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
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
