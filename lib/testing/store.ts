import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { inject } from "vitest";
import { openStore, type Store } from "@/lib/db/open";
import type { Database } from "@/lib/db/schema";
import { createTestDatabase } from "@/lib/testing/test-database";

// A store for one test file: PostgreSQL (a database copied from the migrated template) or, with TEST_STORE=embedded, PGlite in memory from a migrated dump.

export type TestStoreKind = "postgres" | "embedded";

export function testStoreKind(): TestStoreKind {
  return process.env.TEST_STORE === "embedded" ? "embedded" : "postgres";
}

export async function openTestStore(kind: TestStoreKind = testStoreKind()): Promise<Store> {
  if (kind === "embedded") {
    const file = inject("embeddedTemplate");
    // Without the dump (a file run on its own): a fresh in-memory store, migrated on open.
    return file ? openStore({ template: new Blob([readFileSync(file)]) }) : openStore({ dataDir: "memory://" });
  }
  const database = await createTestDatabase();
  const store = await openStore({ databaseUrl: database.url, poolSize: 4 });
  const destroy = store.db.destroy.bind(store.db);
  // destroy() also drops the file's database.
  store.db.destroy = async () => {
    await destroy();
    await database.drop();
  };
  return { ...store, close: () => store.db.destroy() };
}

/** The Kysely handle of a fresh test store; `destroy()` closes it (and drops its database). */
export async function openTestDb(kind?: TestStoreKind): Promise<Kysely<Database>> {
  return (await openTestStore(kind)).db;
}
