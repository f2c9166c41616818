import "server-only";
import path from "node:path";
import type { Kysely } from "kysely";
import { ensureDemoMembers } from "@/lib/auth/members";
import { getConfig } from "@/lib/config";
import { openStore } from "@/lib/db/open";
import type { Database } from "@/lib/db/schema";

export type { Database, Member, AuditEvent, Role } from "@/lib/db/schema";
export { ROLES } from "@/lib/db/schema";

const globalForDb = globalThis as unknown as { consoleDb?: Promise<Kysely<Database>> };

async function open(): Promise<Kysely<Database>> {
  const config = getConfig();
  const conn = await openStore(path.resolve(config.dataDir));
  // Outside demo mode no default account exists (the first admin comes from `npm run team`).
  if (config.demoMode) await ensureDemoMembers(conn, config.demoPassword);
  return conn;
}

export function db(): Promise<Kysely<Database>> {
  globalForDb.consoleDb ??= open().catch((error) => {
    globalForDb.consoleDb = undefined;
    throw error;
  });
  return globalForDb.consoleDb;
}
