import type { Kysely, Migration } from "kysely";
import { addColumns, createTable, toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const alertsMigrations: Record<string, Migration> = {
  "0003_alerts": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "alert_channels", {
        id: "text primary key",
        name: "text not null",
        kind: "text not null",
        enabled: "integer not null default 1",
        events_json: "text not null",
        settings_json: "text not null",
        secrets_sealed: "text not null",
        created_at: "text not null",
        created_by_email: "text",
        updated_at: "text not null",
        updated_by_email: "text",
      });

      await createTable(db, "alert_deliveries", {
        id: "text primary key",
        channel_id: "text not null references alert_channels.id on delete cascade",
        event_type: "text not null",
        event_json: "text not null",
        status: "text not null",
        attempts: "integer not null default 0",
        max_attempts: "integer not null",
        created_at: "text not null",
        updated_at: "text not null",
        last_attempt_at: "text",
        delivered_at: "text",
        response_status: "integer",
        response_text: "text",
      });
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
      await addColumns(db, "alert_channels", {
        delivery_mode: "text not null default 'immediate'",
        digest_time: "text",
      });
      await createTable(db, "alert_digests", {
        channel_id: "text primary key not null references alert_channels.id on delete cascade",
        slot_at: "timestamptz primary key not null",
        since_at: "timestamptz not null",
        delivery_id: "text",
        created_at: "timestamptz not null",
      });
      await createTable(db, "alert_freshness_rules", {
        kind: "text primary key",
        hours: "integer not null",
        alerted_at: "timestamptz",
        updated_at: "timestamptz not null",
        updated_by_email: "text",
      });
    },
  },
  "0017_alert_channel_language": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("alert_channels").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
    },
  },
  "0019_alert_arrival_rules": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "alert_arrival_rules", {
        id: "text primary key",
        silence_minutes: "integer",
        volume_percent: "integer",
        silence_alerted_at: "timestamptz",
        volume_alerted_day: "text",
        updated_at: "timestamptz not null",
        updated_by_email: "text",
      });
    },
  },
};
