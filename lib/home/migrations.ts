import { sql, type Kysely, type Migration } from "kysely";
import { toTimestamptz } from "@/lib/db/migrations";

export const homeMigrations: Record<string, Migration> = {
  "0004_home": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("home_upstream_minutes")
        .addColumn("instance_id", "text", (c) => c.notNull())
        .addColumn("minute", "text", (c) => c.notNull())
        .addColumn("calls", "integer", (c) => c.notNull())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("latencies_json", "text", (c) => c.notNull())
        .addColumn("last_success_at", "text")
        .addColumn("failing_since", "text")
        .addColumn("last_failure_at", "text")
        .addColumn("last_failure_kind", "text")
        .addColumn("last_failure_operation", "text")
        .addColumn("last_failure_status", "integer")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("home_upstream_minutes_pk", ["instance_id", "minute"])
        .execute();
      await db.schema.createIndex("home_upstream_minutes_minute").on("home_upstream_minutes").column("minute").execute();

      await db.schema
        .createTable("home_platform_outages")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("since", "text", (c) => c.notNull())
        .addColumn("alerted_at", "text", (c) => c.notNull())
        .addColumn("ended_at", "text")
        .addColumn("last_error", "text")
        .execute();
      // At most one open outage: the instance whose insert wins raises the alert, the others insert nothing.
      await sql`create unique index home_platform_outages_open on home_platform_outages ((1)) where ended_at is null`.execute(db);
    },
  },
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      await toTimestamptz(db, "home_upstream_minutes", ["minute", "last_success_at", "failing_since", "last_failure_at", "updated_at"]);
      await toTimestamptz(db, "home_platform_outages", ["since", "alerted_at", "ended_at"]);
    },
  },
  "0016_shift_handover": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("home_handovers")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("author_email", "text", (c) => c.notNull())
        .addColumn("author_name", "text", (c) => c.notNull())
        .addColumn("locale", "text", (c) => c.notNull())
        .addColumn("shift_from", "timestamptz", (c) => c.notNull())
        .addColumn("shift_to", "timestamptz", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("home_handovers_created").on("home_handovers").column("created_at").execute();
      await db.schema
        .createTable("home_handover_reads")
        .addColumn("handover_id", "integer", (c) => c.notNull().references("home_handovers.id").onDelete("cascade"))
        .addColumn("member_email", "text", (c) => c.notNull())
        .addColumn("read_at", "timestamptz", (c) => c.notNull())
        .addPrimaryKeyConstraint("home_handover_reads_pk", ["handover_id", "member_email"])
        .execute();
    },
  },
};
