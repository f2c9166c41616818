import type { Kysely, Migration } from "kysely";

export const queueMigrations: Record<string, Migration> = {
  // One row per waiting order id: the primary key makes "already queued" a conflict, not a race.
  "0016_order_queue": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("order_queue")
        .addColumn("order_id", "text", (c) => c.primaryKey())
        .addColumn("queued_at", "timestamptz", (c) => c.notNull())
        .addColumn("queued_by_email", "text", (c) => c.notNull())
        .addColumn("queued_by_name", "text", (c) => c.notNull())
        .addColumn("origin", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_queue_oldest").on("order_queue").columns(["queued_at", "order_id"]).execute();
    },
  },
  "0019_order_queue_arrivals": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("order_queue_arrivals")
        .addColumn("hour", "timestamptz", (c) => c.primaryKey())
        .addColumn("pushes", "integer", (c) => c.notNull())
        .addColumn("orders", "integer", (c) => c.notNull())
        .addColumn("last_at", "timestamptz", (c) => c.notNull())
        .execute();
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
