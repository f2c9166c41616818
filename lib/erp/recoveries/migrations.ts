import type { Kysely, Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

// One row per recovery of an incident window; its frozen ids are its run's orders (erp_transfer_orders).
export const recoveriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "erp_recoveries", {
      id: "text primary key",
      name: "text not null",
      window_from: "timestamptz not null",
      window_to: "timestamptz not null",
      source: "text",
      reason: "text",
      order_count: "integer not null",
      run_id: "text not null unique",
      pace_per_minute: "integer not null",
      created_at: "timestamptz not null",
      created_by_email: "text not null",
      created_by_name: "text not null",
    });
    await db.schema.createIndex("erp_recoveries_created").on("erp_recoveries").columns(["created_at", "id"]).execute();
  },
};
