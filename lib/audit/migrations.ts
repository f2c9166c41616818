import type { Kysely, Migration } from "kysely";
import { toTimestamptz } from "@/lib/db/migrations";

export const auditMigrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
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
    },
  },
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      await toTimestamptz(db, "audit_events", ["at"]);
    },
  },
};
