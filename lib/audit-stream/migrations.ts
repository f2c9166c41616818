import type { Kysely, Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

export const auditStreamMigrations: Record<string, Migration> = {
  // One row: how far the stream has delivered, shared by every instance (its lock is the delivery's).
  "0018_audit_stream": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "audit_stream_state", {
        id: "integer primary key",
        delivered_id: "integer not null default 0",
        delivered_rows: "bigint not null default 0",
        last_success_at: "timestamptz",
        last_attempt_at: "timestamptz",
        last_error: "text",
        failures: "integer not null default 0",
      });
    },
  },
};
