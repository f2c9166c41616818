import { sql, type Kysely, type Migration } from "kysely";

export const apiKeysMigrations: Record<string, Migration> = {
  "0014_api_keys": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("api_keys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("secret_hash", "text", (c) => c.notNull().unique())
        .addColumn("display_prefix", "text", (c) => c.notNull())
        .addColumn("allowed_addresses", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn("rate_per_minute", "integer", (c) => c.notNull())
        .addColumn("created_at", "timestamptz", (c) => c.notNull())
        .addColumn("created_by_id", "integer")
        .addColumn("created_by_name", "text", (c) => c.notNull())
        .addColumn("expires_at", "timestamptz", (c) => c.notNull())
        .addColumn("revoked_at", "timestamptz")
        .addColumn("revoked_by_name", "text")
        .addColumn("last_used_at", "timestamptz")
        .addColumn("last_used_ip", "text")
        .execute();
      // One row per key: the current window, overwritten when the next one starts (nothing to clean up).
      await db.schema
        .createTable("api_key_windows")
        .addColumn("key_id", "text", (c) => c.primaryKey().references("api_keys.id").onDelete("cascade"))
        .addColumn("window_start", "timestamptz", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};
