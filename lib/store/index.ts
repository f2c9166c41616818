import "server-only";
import type { Kysely } from "kysely";
import { getConfig } from "@/lib/config";
import { openPool, type Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";

export type { Database, Member, AuditEvent, Role } from "@/lib/store/schema";

const globalForDb = globalThis as unknown as { consoleStore?: Promise<Store> };

async function open(): Promise<Store> {
  const config = getConfig();
  // Without DATABASE_URL, scripts/server.ts has started the data folder's own PostgreSQL and set it (lib/db/local-server.ts).
  return openPool({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, idleTimeoutMillis: config.demoMode ? 3000 : undefined });
}

export function store(): Promise<Store> {
  globalForDb.consoleStore ??= open().catch((error) => {
    globalForDb.consoleStore = undefined;
    throw error;
  });
  return globalForDb.consoleStore;
}

export async function db(): Promise<Kysely<Database>> {
  return (await store()).db;
}
