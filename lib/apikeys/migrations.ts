import type { Kysely, Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

export const apiKeysMigrations: Record<string, Migration> = {
  "0014_api_keys": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "api_keys", {
        id: "text primary key",
        name: "text not null",
        role: "text not null",
        secret_hash: "text not null unique",
        display_prefix: "text not null",
        allowed_addresses: "text[] not null default '{}'",
        rate_per_minute: "integer not null",
        created_at: "timestamptz not null",
        created_by_id: "integer",
        created_by_name: "text not null",
        expires_at: "timestamptz not null",
        revoked_at: "timestamptz",
        revoked_by_name: "text",
        last_used_at: "timestamptz",
        last_used_ip: "text",
      });
      // One row per key: the current window, overwritten when the next one starts (nothing to clean up).
      await createTable(db, "api_key_windows", {
        key_id: "text primary key references api_keys.id on delete cascade",
        window_start: "timestamptz not null",
        count: "integer not null default 0",
      });
    },
  },
};
