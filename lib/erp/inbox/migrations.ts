import type { Kysely, Migration } from "kysely";

// One row per order marked resolved from the failures inbox; the order's own row stays as the runner wrote it.
export const failuresInboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("erp_order_resolutions")
      .addColumn("run_id", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("order_id", "text", (c) => c.notNull())
      .addColumn("resolved_at", "timestamptz", (c) => c.notNull())
      .addColumn("resolved_by_email", "text", (c) => c.notNull())
      .addColumn("resolved_by_name", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("erp_order_resolutions_pk", ["run_id", "position"])
      .execute();
    await db.schema.createIndex("erp_order_resolutions_order").on("erp_order_resolutions").column("order_id").execute();
  },
};
