import { sql, type Kysely, type Migration } from "kysely";
import { toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const viewsMigrations: Record<string, Migration> = {
  "0007_saved_views": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("saved_views")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("list", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("query", "text", (c) => c.notNull())
        .addColumn("owner_id", "integer", (c) => c.notNull().references("members.id"))
        .addColumn("owner_email", "text", (c) => c.notNull())
        .addColumn("owner_name", "text", (c) => c.notNull())
        .addColumn("shared", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by_email", "text")
        .execute();
      // Names are told apart as people read them: one owner's views, and the team's views, never share one.
      await sql`create unique index saved_views_owner_name on saved_views (list, owner_id, lower(name))`.execute(db);
      await sql`create unique index saved_views_team_name on saved_views (list, lower(name)) where shared = 1`.execute(db);

      await db.schema
        .createTable("saved_view_defaults")
        .addColumn("member_id", "integer", (c) => c.notNull().references("members.id"))
        .addColumn("list", "text", (c) => c.notNull())
        .addColumn("view_id", "text", (c) => c.notNull().references("saved_views.id").onDelete("cascade"))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("saved_view_defaults_pk", ["member_id", "list"])
        .execute();
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
