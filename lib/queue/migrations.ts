import type { Kysely, Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

export const queueMigrations: Record<string, Migration> = {
  // One row per waiting order id: the primary key makes "already queued" a conflict, not a race.
  "0016_order_queue": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "order_queue", {
        order_id: "text primary key",
        queued_at: "timestamptz not null",
        queued_by_email: "text not null",
        queued_by_name: "text not null",
        origin: "text not null",
      });
      await db.schema.createIndex("order_queue_oldest").on("order_queue").columns(["queued_at", "order_id"]).execute();
    },
  },
  "0019_order_queue_arrivals": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "order_queue_arrivals", {
        hour: "timestamptz primary key",
        pushes: "integer not null",
        orders: "integer not null",
        last_at: "timestamptz not null",
      });
    },
  },
  "0019_order_queue_traceparent": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("order_queue").addColumn("traceparent", "text").execute();
    },
  },
  "0019_order_channels": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("order_queue").addColumn("source", "text").addColumn("order_date", "timestamptz").addColumn("package_id", "text").execute();
    },
  },
};
