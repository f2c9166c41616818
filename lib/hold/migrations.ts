import type { Kysely, Migration } from "kysely";
import { createTable } from "@/lib/db/migrations";

export const holdMigrations: Record<string, Migration> = {
  // One row (id "transfers") shared by every instance; no row means never held.
  "0018_transfer_hold": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "transfer_hold", {
        id: "text primary key",
        held: "boolean not null",
        reason: "text",
        since: "timestamptz",
        until: "timestamptz",
        by: "text not null",
        by_email: "text not null",
        by_name: "text not null",
        lifted_at: "timestamptz",
        updated_at: "timestamptz not null",
      });
    },
  },
  // The breaker's one row (id "transfers") and the recent batches' verdicts it counts, shared by every instance.
  "0019_transfer_breaker": {
    async up(db: Kysely<unknown>) {
      await createTable(db, "transfer_breaker", {
        id: "text primary key",
        state: "text not null",
        opened_at: "timestamptz",
        cause_json: "text",
        next_probe_at: "timestamptz",
        probe_run_id: "text",
        closed_at: "timestamptz",
        drain_due: "boolean not null default false",
        updated_at: "timestamptz not null",
      });
      await createTable(db, "transfer_batch_verdicts", {
        id: "bigserial primary key",
        at: "timestamptz not null",
        run_id: "text not null",
        batch: "integer not null",
        down: "boolean not null",
        cause_json: "text",
      });
    },
  },
};
