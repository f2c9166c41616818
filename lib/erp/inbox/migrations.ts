import type { Kysely, Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

// One row per order marked resolved from the failures inbox; the order's own row stays as the runner wrote it.
export const failuresInboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "erp_order_resolutions", {
      run_id: "text primary key not null",
      position: "integer primary key not null",
      order_id: "text not null",
      resolved_at: "timestamptz not null",
      resolved_by_email: "text not null",
      resolved_by_name: "text not null",
      note: "text not null",
    });
    await db.schema.createIndex("erp_order_resolutions_order").on("erp_order_resolutions").column("order_id").execute();
  },
};
