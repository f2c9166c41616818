import type { Kysely, Migration } from "kysely";

// The store's tables for saved views (registered in lib/db/migrations.ts).
export const viewsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  async up(db: Kysely<unknown>) {},
};
