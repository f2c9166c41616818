import type { Kysely, Migration } from "kysely";
import { createTable, toTimestamptz } from "@/lib/db/migrations";

export const auditMigrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "audit_events", {
        id: "serial primary key",
        at: "text not null",
        actor_id: "integer",
        actor_email: "text",
        action: "text not null",
        target_type: "text",
        target_id: "text",
        outcome: "text not null",
        message: "text",
        before_json: "text",
        after_json: "text",
        details_json: "text",
        request_id: "text",
        ip: "text",
      });
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
