import type { Kysely, Migration } from "kysely";
import { createTable, toBoolean, toTimestamptz } from "@/lib/db/migrations";

export const authMigrations: Record<string, Migration> = {
  "0001_console": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "members", {
        id: "serial primary key",
        email: "text not null unique",
        name: "text not null",
        role: "text not null",
        password_hash: "text",
        active: "integer not null default 1",
        source: "text not null default 'password'",
        created_at: "text not null",
        updated_at: "text not null",
        session_version: "integer not null default 1",
        sso_issuer: "text",
        sso_subject: "text",
        sso_allowed: "integer not null default 0",
      });
      await db.schema.createIndex("members_sso_identity").on("members").columns(["sso_issuer", "sso_subject"]).unique().execute();

      await createTable(db, "login_failures", {
        id: "serial primary key",
        key: "text not null",
        at: "text not null",
      });
      await db.schema.createIndex("login_failures_key_at").on("login_failures").columns(["key", "at"]).execute();

      await createTable(db, "sessions", {
        id: "text primary key",
        member_id: "integer not null references members.id",
        method: "text not null",
        created_at: "text not null",
        expires_at: "text not null",
      });
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
