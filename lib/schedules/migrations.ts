import { sql, type Kysely, type Migration } from "kysely";
import { createTable, toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const schedulesMigrations: Record<string, Migration> = {
  "0002_schedules": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "schedules", {
        id: "text primary key",
        kind: "text not null",
        name: "text",
        rule_json: "text not null",
        time_zone: "text not null",
        quiet_from: "text",
        quiet_to: "text",
        paused: "integer not null default 0",
        // The due time an instance must claim (conditional UPDATE on this value); null when paused or never again.
        next_start_at: "text",
        created_at: "text not null",
        created_by_email: "text not null",
        updated_at: "text not null",
        updated_by_email: "text not null",
      });
      await db.schema.createIndex("schedules_due").on("schedules").columns(["next_start_at"]).where(sql.ref("paused"), "=", 0).execute();
      await createTable(db, "schedule_runs", {
        id: "serial primary key",
        schedule_id: "text not null",
        kind: "text not null",
        due_at: "text not null",
        at: "text not null",
        outcome: "text not null",
        reason: "text",
        message: "text",
        import_run_id: "integer",
      });
      await db.schema.createIndex("schedule_runs_schedule_at").on("schedule_runs").columns(["schedule_id", "at"]).execute();
      await db.schema
        .alterTable("erp_import_runs")
        .addColumn("origin", "text", (c) => c.notNull().defaultTo("manual"))
        .execute();
      await db.schema.alterTable("erp_import_runs").addColumn("schedule_id", "text").execute();
    },
  },
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      // The due index's predicate names the flag: it goes, and comes back in boolean form.
      await sql`drop index schedules_due`.execute(db);
      await toTimestamptz(db, "schedules", ["next_start_at", "created_at", "updated_at"]);
      await toBoolean(db, "schedules", { paused: false });
      await sql`create index schedules_due on schedules (next_start_at) where not paused`.execute(db);
      await toTimestamptz(db, "schedule_runs", ["due_at", "at"]);
    },
  },
  // Transfer schedules: a cap of orders per run, and the transfer run a start made (runs have uuid ids, imports integers).
  "0016_order_queue": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("schedules").addColumn("max_orders", "integer").execute();
      await db.schema.alterTable("schedule_runs").addColumn("transfer_run_id", "text").execute();
    },
  },
  "0020_near_real_time": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("schedules").addColumn("send_when_waiting", "integer").execute();
      await db.schema.alterTable("schedules").addColumn("send_when_oldest_seconds", "integer").execute();
    },
  },
  "0020_reconcile_schedules": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("schedules").addColumn("window_hours", "integer").execute();
      await db.schema.alterTable("schedule_runs").addColumn("reconciliation_id", "text").execute();
    },
  },
};
