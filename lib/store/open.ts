import type { Kysely } from "kysely";
import { migrate as migrateTo } from "@/lib/db/migrations";
import { openStore as openDbStore, type OpenOptions, type Store as DbStore } from "@/lib/db/open";
import { consoleMigrations } from "@/lib/store/migrations";
import type { Database } from "@/lib/store/schema";

export type Store = DbStore<Database>;
export type { Listener, OpenOptions } from "@/lib/db/open";
export { notify } from "@/lib/db/open";

export function openStore(options: OpenOptions): Promise<Store> {
  return openDbStore<Database>({ ...options, migrations: consoleMigrations });
}

export function migrate(db: Kysely<Database>, upTo?: string): Promise<void> {
  return migrateTo(db, consoleMigrations, upTo);
}
