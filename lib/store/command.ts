import { openStore, type Store } from "@/lib/store/open";
import { ensureLocalServer, type EnsureOptions } from "@/lib/db/local-server";

// For the command-line tools (npm run team, store:copy): the store at DATABASE_URL, or else the data folder's own
// server, started for the command and stopped after it (or, with `share`, a running console's, left running).

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
