import { sql, type Kysely, type Migration } from "kysely";
import { createTable, toTimestamptz } from "@/lib/db/migrations";

export const homeMigrations: Record<string, Migration> = {
  "0004_home": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "home_upstream_minutes", {
        instance_id: "text primary key not null",
        minute: "text primary key not null",
        calls: "integer not null",
        failures: "integer not null",
        latencies_json: "text not null",
        last_success_at: "text",
        failing_since: "text",
        last_failure_at: "text",
        last_failure_kind: "text",
        last_failure_operation: "text",
        last_failure_status: "integer",
        updated_at: "text not null",
      });
      await db.schema.createIndex("home_upstream_minutes_minute").on("home_upstream_minutes").column("minute").execute();

      await createTable(db, "home_platform_outages", {
        id: "serial primary key",
        since: "text not null",
        alerted_at: "text not null",
        ended_at: "text",
        last_error: "text",
      });
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
      await createTable(db, "home_handovers", {
        id: "serial primary key",
        created_at: "timestamptz not null",
        author_email: "text not null",
        author_name: "text not null",
        locale: "text not null",
        shift_from: "timestamptz not null",
        shift_to: "timestamptz not null",
        body: "text not null",
      });
      await db.schema.createIndex("home_handovers_created").on("home_handovers").column("created_at").execute();
      await createTable(db, "home_handover_reads", {
        handover_id: "integer primary key not null references home_handovers.id on delete cascade",
        member_email: "text primary key not null",
        read_at: "timestamptz not null",
      });
    },
  },
};
