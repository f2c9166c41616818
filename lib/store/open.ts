import { openStore as openDbStore, type OpenOptions, type Store as DbStore } from "@/lib/db/open";
import type { Database } from "@/lib/store/schema";

export type Store = DbStore<Database>;
export type { Listener, OpenOptions } from "@/lib/db/open";
export { notify } from "@/lib/db/open";

export function openPool(options: OpenOptions): Promise<Store> {
  return openDbStore<Database>(options);
}
