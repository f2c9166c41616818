import "server-only";
import path from "node:path";
import type { Kysely } from "kysely";
import { getConfig } from "@/lib/config";
import { openStore } from "./open";
import type { Database } from "./schema";

export type { Database, Member, AuditEvent, Role } from "./schema";
export { ROLES } from "./schema";

// One connection per server process, opened (and migrated) on first use. This is the only door
// to the console store for the app.
const globalForDb = globalThis as unknown as { consoleDb?: Promise<Kysely<Database>> };

export function db(): Promise<Kysely<Database>> {
  globalForDb.consoleDb ??= openStore(path.resolve(getConfig().dataDir));
  return globalForDb.consoleDb;
}
