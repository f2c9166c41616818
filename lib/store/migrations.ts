import { alertsMigrations } from "@/lib/alerts/migrations";
import { apiKeysMigrations } from "@/lib/apikeys/migrations";
import { auditMigrations } from "@/lib/audit/migrations";
import { authMigrations } from "@/lib/auth/migrations";
import { combineMigrations } from "@/lib/db/migrations";
import { erpMigrations } from "@/lib/erp/migrations";
import { homeMigrations } from "@/lib/home/migrations";
import { queueMigrations } from "@/lib/queue/migrations";
import { schedulesMigrations } from "@/lib/schedules/migrations";
import { viewsMigrations } from "@/lib/views/migrations";

// A name several features share runs their steps in this order; never edit or rename a released one: add the next.
export const consoleMigrations = combineMigrations(
  authMigrations,
  auditMigrations,
  erpMigrations,
  schedulesMigrations,
  queueMigrations,
  alertsMigrations,
  homeMigrations,
  viewsMigrations,
  apiKeysMigrations,
);
