import type { Kysely, Migration } from "kysely";

// The store's tables for alerts (registered in lib/db/migrations.ts).
export const alertsMigration: Migration = {
  async up(_db: Kysely<unknown>) {},
};
