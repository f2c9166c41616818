import type { Kysely, Migration } from "kysely";

// One row per recovery of an incident window; its frozen ids are its run's orders (erp_transfer_orders).
export const recoveriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("erp_recoveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("window_from", "timestamptz", (c) => c.notNull())
      .addColumn("window_to", "timestamptz", (c) => c.notNull())
      .addColumn("source", "text")
      .addColumn("reason", "text")
      .addColumn("order_count", "integer", (c) => c.notNull())
      .addColumn("run_id", "text", (c) => c.notNull().unique())
      .addColumn("pace_per_minute", "integer", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull())
      .addColumn("created_by_email", "text", (c) => c.notNull())
      .addColumn("created_by_name", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("erp_recoveries_created").on("erp_recoveries").columns(["created_at", "id"]).execute();
  },
};
