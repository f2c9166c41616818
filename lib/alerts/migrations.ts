import type { Kysely, Migration } from "kysely";
import { toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const alertsMigrations: Record<string, Migration> = {
  "0003_alerts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("alert_channels")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("events_json", "text", (c) => c.notNull())
        .addColumn("settings_json", "text", (c) => c.notNull())
        .addColumn("secrets_sealed", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by_email", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by_email", "text")
        .execute();

      await db.schema
        .createTable("alert_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("channel_id", "text", (c) => c.notNull().references("alert_channels.id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("event_json", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("last_attempt_at", "text")
        .addColumn("delivered_at", "text")
        .addColumn("response_status", "integer")
        .addColumn("response_text", "text")
        .execute();
      await db.schema.createIndex("alert_deliveries_channel_created").on("alert_deliveries").columns(["channel_id", "created_at"]).execute();
      await db.schema.createIndex("alert_deliveries_created").on("alert_deliveries").column("created_at").execute();
    },
  },
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      await toTimestamptz(db, "alert_channels", ["created_at", "updated_at"]);
      await toBoolean(db, "alert_channels", { enabled: true });
      await toTimestamptz(db, "alert_deliveries", ["created_at", "updated_at", "last_attempt_at", "delivered_at"]);
    },
  },
  "0013_alert_digests": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("alert_channels")
        .addColumn("delivery_mode", "text", (c) => c.notNull().defaultTo("immediate"))
        .addColumn("digest_time", "text")
        .execute();
      await db.schema
        .createTable("alert_digests")
        .addColumn("channel_id", "text", (c) => c.notNull().references("alert_channels.id").onDelete("cascade"))
        .addColumn("slot_at", "timestamptz", (c) => c.notNull())
        .addColumn("since_at", "timestamptz", (c) => c.notNull())
        .addColumn("delivery_id", "text")
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addPrimaryKeyConstraint("alert_digests_pk", ["channel_id", "slot_at"])
        .execute();
      await db.schema
        .createTable("alert_freshness_rules")
        .addColumn("kind", "text", (c) => c.primaryKey())
        .addColumn("hours", "integer", (c) => c.notNull())
        .addColumn("alerted_at", "timestamptz")
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_by_email", "text")
        .execute();
    },
  },
  "0017_alert_channel_language": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("alert_channels").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
    },
  },
  "0019_alert_arrival_rules": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("alert_arrival_rules")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("silence_minutes", "integer")
        .addColumn("volume_percent", "integer")
        .addColumn("silence_alerted_at", "timestamptz")
        .addColumn("volume_alerted_day", "text")
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .addColumn("updated_by_email", "text")
        .execute();
    },
  },
};
