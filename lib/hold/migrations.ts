import type { Kysely, Migration } from "kysely";

export const holdMigrations: Record<string, Migration> = {
  // One row (id "transfers") shared by every instance; no row means never held.
  "0018_transfer_hold": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("transfer_hold")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("held", "boolean", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("since", "timestamptz")
        .addColumn("until", "timestamptz")
        .addColumn("by", "text", (c) => c.notNull())
        .addColumn("by_email", "text", (c) => c.notNull())
        .addColumn("by_name", "text", (c) => c.notNull())
        .addColumn("lifted_at", "timestamptz")
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .execute();
    },
  },
};
