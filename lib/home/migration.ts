import type { Kysely, Migration } from "kysely";

// The store's tables for home (registered in lib/db/migrations.ts).
export const homeMigration: Migration = {
  async up(_db: Kysely<unknown>) {},
};
