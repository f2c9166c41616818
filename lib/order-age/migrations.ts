import type { Kysely, Migration } from "kysely";

export const orderAgeMigrations: Record<string, Migration> = {
  // The highest level a channel's oldest order was alerted at: a level is alerted once, again only after the channel fell below it.
  "0019_order_age_alerts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("order_age_alerts")
        .addColumn("source", "text", (c) => c.primaryKey())
        .addColumn("level", "text", (c) => c.notNull())
        .addColumn("alerted_at", "timestamptz", (c) => c.notNull())
        .execute();
    },
  },
};
