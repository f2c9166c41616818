import { sql, type Kysely, type Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

export const reconcileMigrations: Record<string, Migration> = {
  "0018_reconciliations": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "reconciliations", {
        id: "text primary key",
        kind: "text not null",
        created_at: "timestamptz not null",
        created_by_email: "text not null",
        created_by_name: "text not null",
        window_from: "timestamptz",
        window_to: "timestamptz",
        settled_before: "timestamptz not null",
        status: "text not null",
        error: "text",
        finished_at: "timestamptz",
        total: "integer",
        in_erp: "integer",
        waiting: "integer",
        open: "integer",
        never_seen: "integer",
        unknown_to_platform: "integer",
        cancelled: "integer not null default 0",
        settling: "integer not null default 0",
        duplicates: "integer not null default 0",
      });
      await db.schema.createIndex("reconciliations_created").on("reconciliations").columns(["created_at", "id"]).execute();
      await createTable(db, "reconciliation_orders", {
        reconciliation_id: "text primary key not null references reconciliations.id on delete cascade",
        order_id: "text primary key not null",
        bucket: "text",
        order_date: "timestamptz",
        source: "text",
      });
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
