import type { Migrations } from "@/lib/db/migrations";
import { openStore as openDbStore } from "@/lib/db/open";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { ensureLocalServer, type EnsureOptions } from "@/lib/db/local-server";

export async function openCommandStore(options: { databaseUrl?: string | null; dataDir: string; poolSize?: number; migrations: Migrations } & EnsureOptions): Promise<Store> {
  const openStore = (o: { databaseUrl: string; poolSize?: number }) => openDbStore<Database>({ ...o, migrations: options.migrations });
  const url = options.databaseUrl?.trim();
  if (url) return openStore({ databaseUrl: url, poolSize: options.poolSize });
  const local = await ensureLocalServer(options.dataDir, { share: options.share });
  let store: Store;
  try {
    store = await openStore({ databaseUrl: local.url, poolSize: options.poolSize });
  } catch (error) {
    await local.stop();
    throw error;
  }
  return {
    ...store,
    async close() {
      await store.close();
      await local.stop();
    },
  };
}
