import { sql, type Kysely, type Migration } from "kysely";

export const reconcileMigrations: Record<string, Migration> = {
  "0018_reconciliations": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("reconciliations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("created_by_email", "text", (c) => c.notNull())
        .addColumn("created_by_name", "text", (c) => c.notNull())
        .addColumn("window_from", "timestamptz")
        .addColumn("window_to", "timestamptz")
        .addColumn("settled_before", "timestamptz", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("error", "text")
        .addColumn("finished_at", "timestamptz")
        .addColumn("total", "integer")
        .addColumn("in_erp", "integer")
        .addColumn("waiting", "integer")
        .addColumn("open", "integer")
        .addColumn("never_seen", "integer")
        .addColumn("unknown_to_platform", "integer")
        .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("settling", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("duplicates", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("reconciliations_created").on("reconciliations").columns(["created_at", "id"]).execute();
      await db.schema
        .createTable("reconciliation_orders")
        .addColumn("reconciliation_id", "text", (c) => c.notNull().references("reconciliations.id").onDelete("cascade"))
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("bucket", "text")
        .addColumn("order_date", "timestamptz")
        .addColumn("source", "text")
        .addPrimaryKeyConstraint("reconciliation_orders_pk", ["reconciliation_id", "order_id"])
        .execute();
      await sql`create index reconciliation_orders_bucket on reconciliation_orders (reconciliation_id, bucket, order_id)`.execute(db);
    },
  },
  "0020_reconcile_alerts": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("reconciliations").addColumn("schedule_id", "text").execute();
      await db.schema.alterTable("reconciliations").addColumn("alerted_at", "timestamptz").execute();
    },
  },
};
