import type { Kysely } from "kysely";
import { copySqliteStore as copyRows, type CopyResult } from "@/lib/db/copy";
import { copyPgliteStore as copyPgliteRows } from "@/lib/db/copy-pglite";
import { readStoredOutcomes } from "@/lib/erp/outcomes/migrations";

export { COPIED_TABLES, StoreCopyError, type CopyResult } from "@/lib/db/copy";

export function copySqliteStore<DB>(sqliteFile: string, target: Kysely<DB>, now = new Date()): Promise<CopyResult> {
  return copyRows(sqliteFile, target, now, readStoredOutcomes);
}

export function copyPgliteStore<DB>(dir: string, target: Kysely<DB>, options: Parameters<typeof copyPgliteRows<DB>>[2] = {}) {
  return copyPgliteRows(dir, target, {
    inTransaction: async (trx, inProgress) => {
      await options.inTransaction?.(trx, inProgress);
      await readStoredOutcomes(trx as unknown as Kysely<unknown>);
    },
  });
}
