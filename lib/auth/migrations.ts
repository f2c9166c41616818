import type { Kysely, Migration } from "kysely";
import { toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const authMigrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("members")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("source", "text", (c) => c.notNull().defaultTo("password"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("sso_issuer", "text")
        .addColumn("sso_subject", "text")
        .addColumn("sso_allowed", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("members_sso_identity").on("members").columns(["sso_issuer", "sso_subject"]).unique().execute();

      await db.schema
        .createTable("login_failures")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("login_failures_key_at").on("login_failures").columns(["key", "at"]).execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("member_id", "integer", (c) => c.notNull().references("members.id"))
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_member").on("sessions").column("member_id").execute();
      await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();
    },
  },
  "0008_postgres_types": {
    async up(db: Kysely<unknown>) {
      await toTimestamptz(db, "members", ["created_at", "updated_at"]);
      await toBoolean(db, "members", { active: true, sso_allowed: false });
      await toTimestamptz(db, "login_failures", ["at"]);
      await toTimestamptz(db, "sessions", ["created_at", "expires_at"]);
    },
  },
};
