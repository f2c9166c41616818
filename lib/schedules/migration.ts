import type { Kysely, Migration } from "kysely";

// The store's tables for schedules (registered in lib/db/migrations.ts).
export const schedulesMigration: Migration = {
  async up(_db: Kysely<unknown>) {},
};
