import type { AlertsTables } from "@/lib/alerts/tables";
import type { ApiKeysTables } from "@/lib/apikeys/tables";
import type { AuditTables } from "@/lib/audit/tables";
import type { AuditStreamTables } from "@/lib/audit-stream/tables";
import type { AuthTables } from "@/lib/auth/tables";
import type { ErpTables } from "@/lib/erp/tables";
import type { HoldTables } from "@/lib/hold/tables";
import type { HomeTables } from "@/lib/home/tables";
import type { InboxTables } from "@/lib/erp/inbox/tables";
import type { RecoveriesTables } from "@/lib/erp/recoveries/tables";
import type { QueueTables } from "@/lib/queue/tables";
import type { OrderAgeTables } from "@/lib/order-age/tables";
import type { ReconcileTables } from "@/lib/reconcile/tables";
import type { SchedulesTables } from "@/lib/schedules/tables";
import type { ViewsTables } from "@/lib/views/tables";

export interface Database extends AuthTables, AuditTables, ErpTables, SchedulesTables, AlertsTables, HomeTables, ViewsTables, InboxTables, ApiKeysTables, QueueTables, AuditStreamTables, HoldTables, ReconcileTables, OrderAgeTables, RecoveriesTables {}

export type { Member, MemberUpdate, MembersTable, NewMember, Session } from "@/lib/auth/tables";
export type { Role } from "@/lib/auth/roles";
export type { AuditEvent, AuditEventsTable } from "@/lib/audit/tables";
export type {
  ErpImportKind,
  ErpImportOutcome,
  ErpImportRun,
  ErpImportRunsTable,
  ErpOrderOutcome,
  ErpTransferOrder,
  ErpTransferRun,
  ErpTransferRunOrigin,
  ErpTransferRunState,
} from "@/lib/erp/tables";
