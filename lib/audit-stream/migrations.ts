import type { Kysely, Migration } from "kysely";

export const auditStreamMigrations: Record<string, Migration> = {
  // One row: how far the stream has delivered, shared by every instance (its lock is the delivery's).
  "0018_audit_stream": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("audit_stream_state")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("delivered_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("delivered_rows", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("last_success_at", "timestamptz")
        .addColumn("last_attempt_at", "timestamptz")
        .addColumn("last_error", "text")
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};
