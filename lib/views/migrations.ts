import { sql, type Kysely, type Migration } from "kysely";
import { createTable, toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const viewsMigrations: Record<string, Migration> = {
  "0007_saved_views": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "saved_views", {
        id: "text primary key",
        list: "text not null",
        name: "text not null",
        query: "text not null",
        owner_id: "integer not null references members.id",
        owner_email: "text not null",
        owner_name: "text not null",
        shared: "integer not null default 0",
        created_at: "text not null",
        updated_at: "text not null",
        updated_by_email: "text",
      });
      // Names are told apart as people read them: one owner's views, and the team's views, never share one.
      await sql`create unique index saved_views_owner_name on saved_views (list, owner_id, lower(name))`.execute(db);
      await sql`create unique index saved_views_team_name on saved_views (list, lower(name)) where shared = 1`.execute(db);

      await createTable(db, "saved_view_defaults", {
        member_id: "integer primary key not null references members.id",
        list: "text primary key not null",
        view_id: "text not null references saved_views.id on delete cascade",
        updated_at: "text not null",
      });
      await db.schema.createIndex("saved_view_defaults_view").on("saved_view_defaults").column("view_id").execute();
    },
  },
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      await sql`drop index saved_views_team_name`.execute(db);
      await toTimestamptz(db, "saved_views", ["created_at", "updated_at"]);
      await toBoolean(db, "saved_views", { shared: false });
      await sql`create unique index saved_views_team_name on saved_views (list, lower(name)) where shared`.execute(db);
      await toTimestamptz(db, "saved_view_defaults", ["updated_at"]);
    },
  },
};
