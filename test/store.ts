import type { Kysely } from "kysely";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { createTestDatabase } from "@/test/test-database";

export async function openTestStore(): Promise<Store> {
  const database = await createTestDatabase();
  const store = await openStore({ databaseUrl: database.url, poolSize: 4 });
  const destroy = store.db.destroy.bind(store.db);
  store.db.destroy = async () => {
    await destroy();
    await database.drop();
  };
  return { ...store, close: () => store.db.destroy() };
}

export async function openTestDb(): Promise<Kysely<Database>> {
  return (await openTestStore()).db;
}
