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
  // The breaker's one row (id "transfers") and the recent batches' verdicts it counts, shared by every instance.
  "0019_transfer_breaker": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("transfer_breaker")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("opened_at", "timestamptz")
        .addColumn("cause_json", "text")
        .addColumn("next_probe_at", "timestamptz")
        .addColumn("probe_run_id", "text")
        .addColumn("closed_at", "timestamptz")
        .addColumn("drain_due", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("updated_at", "timestamptz", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("transfer_batch_verdicts")
        .addColumn("id", "bigserial", (c) => c.primaryKey())
        .addColumn("at", "timestamptz", (c) => c.notNull())
        .addColumn("run_id", "text", (c) => c.notNull())
        .addColumn("batch", "integer", (c) => c.notNull())
        .addColumn("down", "boolean", (c) => c.notNull())
        .addColumn("cause_json", "text")
        .execute();
    },
  },
};
