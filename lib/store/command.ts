import { openStore, type Store } from "@/lib/store/open";
import { ensureLocalServer, type EnsureOptions } from "@/lib/db/local-server";

export async function openCommandStore(options: { databaseUrl?: string | null; dataDir: string; poolSize?: number } & EnsureOptions): Promise<Store> {
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
