import type { Kysely } from "kysely";
import { alertsMigrations } from "@/lib/alerts/migrations";
import { apiKeysMigrations } from "@/lib/apikeys/migrations";
import { auditMigrations } from "@/lib/audit/migrations";
import { auditStreamMigrations } from "@/lib/audit-stream/migrations";
import { authMigrations } from "@/lib/auth/migrations";
import { combineMigrations, migrate as migrateTo, type Migrations } from "@/lib/db/migrations";
import { openStore as openDbStore, type OpenOptions } from "@/lib/db/open";
import { erpMigrations } from "@/lib/erp/migrations";
import { holdMigrations } from "@/lib/hold/migrations";
import { homeMigrations } from "@/lib/home/migrations";
import { queueMigrations } from "@/lib/queue/migrations";
import { orderAgeMigrations } from "@/lib/order-age/migrations";
import { reconcileMigrations } from "@/lib/reconcile/migrations";
import { schedulesMigrations } from "@/lib/schedules/migrations";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { viewsMigrations } from "@/lib/views/migrations";

export interface Feature {
  name: string;
  migrations: Migrations;
  seed?: (db: Kysely<Database>, demoPassword: string) => Promise<void>;
  start?: () => Promise<unknown>;
}

// A migration name several features share runs their steps in this order; never edit or rename a released one: add the next.
export const FEATURES: readonly Feature[] = [
  { name: "auth", migrations: authMigrations, seed: async (db, password) => (await import("@/lib/auth/members")).ensureDemoMembers(db, password) },
  { name: "audit", migrations: auditMigrations },
  { name: "erp", migrations: erpMigrations, start: async () => (await import("@/lib/erp/service")).startTransferJobs() },
  { name: "schedules", migrations: schedulesMigrations, start: async () => (await import("@/lib/schedules/jobs")).startScheduleJobs() },
  { name: "queue", migrations: queueMigrations },
  { name: "alerts", migrations: alertsMigrations, start: async () => (await import("@/lib/alerts/jobs")).startAlertJobs() },
  { name: "home", migrations: homeMigrations, start: async () => (await import("@/lib/home/jobs")).startHomeJobs() },
  { name: "views", migrations: viewsMigrations },
  { name: "apikeys", migrations: apiKeysMigrations },
  { name: "audit-stream", migrations: auditStreamMigrations, start: async () => (await import("@/lib/audit-stream/service")).startAuditStream() },
  { name: "hold", migrations: holdMigrations, start: async () => (await import("@/lib/hold/jobs")).startBreakerJobs() },
  { name: "reconcile", migrations: reconcileMigrations },
  { name: "order-age", migrations: orderAgeMigrations },
];

export const consoleMigrations = combineMigrations(...FEATURES.map((f) => f.migrations));

export function migrate(db: Kysely<Database>, upTo?: string): Promise<void> {
  return migrateTo(db, consoleMigrations, upTo);
}

export function openStore(options: OpenOptions): Promise<Store> {
  return openDbStore<Database>({ ...options, migrations: consoleMigrations });
}

export async function seedDemo(db: Kysely<Database>, demoPassword: string): Promise<void> {
  for (const feature of FEATURES) await feature.seed?.(db, demoPassword);
}

export async function bootConsole(db: Kysely<Database>, options: { demoPassword?: string | null }): Promise<void> {
  await migrate(db);
  if (options.demoPassword) await seedDemo(db, options.demoPassword);
  for (const feature of FEATURES) await feature.start?.();
}
