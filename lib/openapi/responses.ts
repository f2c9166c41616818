import { z } from "zod";
import { MEANINGS, RUN_RESULTS } from "@/lib/erp/outcomes/meanings";
import { INBOX_MEANINGS, type InboxPage } from "@/lib/erp/inbox/lists";
import type { OrderHistory } from "@/lib/erp/history/schemas";
import {
  ERP_IMPORT_KINDS,
  ORDER_OUTCOMES,
  RETRY_KINDS,
  TRANSFER_ORIGINS,
  TRANSFER_RUN_STATES,
  TRANSFER_RUN_STATUSES,
  type ImportRunList,
  type ImportRunRow,
  type TransferRunList,
  type TransferRunPage,
  type TransferRunSummary,
} from "@/lib/erp/schemas";
import { isProblemCode, PROBLEM_STATUS } from "@/lib/rules/problems";
import { READINESS_CHECKS } from "@/lib/rules/warehouse";
import { warehouseSchema, type WarehouseListResponse, type WarehouseWriteResult } from "@/lib/warehouses/schemas";
import type { EnqueueResult, QueueOverview } from "@/lib/queue/schemas";
import { SCHEDULE_KINDS, type ScheduleList, type ScheduleRow } from "@/lib/schedules/schemas";

// The answers' shapes for the description; each is tied to the service's own type below, so the two cannot drift apart.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;

const datetime = z.string().describe("ISO 8601 date and time");
const person = z.object({ id: z.number().int().nullable(), email: z.string(), name: z.string() });
const paging = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

export const warehouseListAnswer = z.object({
  items: z.array(warehouseSchema.extend({ attention: z.array(z.enum(READINESS_CHECKS)) })),
  ...paging,
  totalPages: z.number().int(),
  totalAll: z.number().int(),
  source: z.enum(["upstream", "index"]),
});
export const warehouseAnswer = z.object({ warehouse: warehouseSchema });
export const warehouseWriteAnswer = z.object({ warehouse: warehouseSchema, message: z.string(), warning: z.literal("defaultNotSettled").optional() });
export const messageAnswer = z.object({ message: z.string() });

const counts = z.object({ total: z.number().int(), transferred: z.number().int(), notTransferred: z.number().int(), unknown: z.number().int(), pending: z.number().int(), sending: z.number().int() });
const meanings = z.object({ transferred: z.number().int(), alreadyInErp: z.number().int(), rejected: z.number().int(), failed: z.number().int(), unknown: z.number().int(), notSent: z.number().int(), sending: z.number().int() });
const origin = z.enum(TRANSFER_ORIGINS);
const status = z.enum(TRANSFER_RUN_STATUSES);
const result = z.enum(RUN_RESULTS);

export const runSummary = z.object({
  id: z.uuid(),
  createdAt: datetime,
  createdBy: person,
  parentRunId: z.uuid().nullable(),
  origin,
  state: z.enum(TRANSFER_RUN_STATES),
  status,
  result,
  batchSize: z.number().int(),
  totalBatches: z.number().int(),
  batchesDone: z.number().int(),
  counts,
  meanings,
  startedAt: datetime.nullable(),
  finishedAt: datetime.nullable(),
  durationMs: z.number(),
  stop: z.object({ requestedAt: datetime, by: z.string() }).nullable(),
});

const runDetail = runSummary.extend({
  parent: z.object({ id: z.uuid(), createdAt: datetime, status }).nullable(),
  children: z.array(z.object({ id: z.uuid(), createdAt: datetime, origin, status, result })),
  retryable: z.object(Object.fromEntries(RETRY_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof RETRY_KINDS)[number], z.ZodNumber>),
  rejections: z.array(z.object({ reason: z.string().nullable(), reasonCode: z.string().nullable(), count: z.number().int() })),
});

const orderOutcome = z.enum(ORDER_OUTCOMES);
export const runPageAnswer = z.object({
  run: runDetail,
  orders: z.object({
    items: z.array(
      z.object({
        position: z.number().int(),
        orderId: z.string(),
        batch: z.number().int(),
        outcome: orderOutcome,
        reason: z.string().nullable(),
        reasonCode: z.string().nullable(),
        meaning: z.enum(MEANINGS),
        retriedIn: z.uuid().nullable().optional(),
      }),
    ),
    ...paging,
    outcome: orderOutcome.nullable(),
  }),
});
export const runListAnswer = z.object({
  items: z.array(runSummary),
  ...paging,
  people: z.array(z.string()).describe("E-mails of the members who started runs"),
  starters: z
    .array(z.object({ by: z.string(), kind: z.enum(["person", "key", "automatic"]), name: z.string() }))
    .describe("Everyone and everything that started runs; each `by` is a value the `by` filter takes"),
});
export const startedRunAnswer = z.object({ run: runSummary, created: z.boolean() });
export const stoppedRunAnswer = z.object({ run: runSummary, requested: z.boolean() });

const actorWords = z.object({ email: z.string(), name: z.string() });
export const orderHistoryAnswer = z.object({
  orderId: z.string(),
  runs: z.array(
    z.object({
      runId: z.uuid(),
      runCreatedAt: datetime,
      origin,
      runState: z.string(),
      startedBy: actorWords,
      position: z.number().int(),
      meaning: z.enum(MEANINGS),
      reason: z.string().nullable(),
      reasonCode: z.string().nullable(),
      settledAt: datetime.nullable(),
      retriedIn: z.uuid().nullable(),
      resolution: z.object({ at: datetime, by: actorWords, note: z.string() }).nullable(),
    }),
  ),
});

const importKind = z.enum(ERP_IMPORT_KINDS);
const importRun = z.object({
  id: z.number().int(),
  kind: importKind,
  startedAt: datetime,
  startedBy: person,
  outcome: z.enum(["pending", "started", "failed"]),
  message: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorDetail: z.string().nullable(),
  mayHaveActed: z.boolean(),
  repeatConfirmed: z.boolean(),
  finishedAt: datetime.nullable(),
  origin: z.enum(["manual", "scheduled"]).optional(),
  scheduleId: z.string().nullable().optional(),
});
export const importListAnswer = z.object({
  items: z.array(importRun),
  ...paging,
  latest: z.object(Object.fromEntries(ERP_IMPORT_KINDS.map((k) => [k, importRun.nullable()])) as Record<(typeof ERP_IMPORT_KINDS)[number], z.ZodNullable<typeof importRun>>),
  windowMinutes: z.number().int(),
});
export const startedImportAnswer = z.object({ run: importRun });

export const failuresAnswer = z.object({
  groups: z.array(
    z.object({
      meaning: z.enum(INBOX_MEANINGS),
      reasonCode: z.string().nullable(),
      reason: z.string().nullable(),
      count: z.number().int(),
      runs: z.number().int(),
      firstAt: datetime,
      lastAt: datetime,
      orderIds: z.array(z.string()).describe("The group's first order ids (at most 200), each once."),
      runIds: z.array(z.string()).describe("The latest runs holding the group's orders (at most 10), newest first."),
    }),
  ),
  total: z.number().int(),
  people: z.array(z.string()),
  peopleNames: z.array(z.object({ email: z.string(), name: z.string() })),
  starters: z
    .array(z.object({ by: z.string(), kind: z.enum(["person", "key", "automatic"]), name: z.string() }))
    .describe("Everyone and everything that started the runs of open orders; each `by` is a value the `by` filter takes"),
});

export const enqueueAnswer = z.object({
  queued: z.array(z.string()),
  alreadyQueued: z.array(z.string()),
  alreadyTransferred: z.array(z.object({ orderId: z.string(), runId: z.string(), at: datetime, meaning: z.enum(MEANINGS) })),
  unknown: z.array(z.string()).describe("Ids whose last outcome is unknown (the platform may have acted): held back unless confirmUnknown is true"),
  invalid: z.array(z.object({ id: z.string(), reason: z.enum(["not_a_number", "too_long"]) })),
  warnings: z.array(z.object({ id: z.string(), reason: z.enum(["leading_zero", "far_longer"]) })),
  duplicates: z.array(z.string()).describe("Ids given more than once in this request, each named once; each was judged once"),
});
export const queueOverviewAnswer = z.object({
  count: z.number().int(),
  oldest: datetime.nullable(),
  nextSend: z.object({ at: datetime, scheduleId: z.string(), name: z.string().nullable(), maxOrders: z.number().int() }).nullable(),
  maxOrdersPerRun: z.number().int(),
  items: z.array(z.object({ orderId: z.string(), queuedAt: datetime, queuedBy: z.object({ email: z.string(), name: z.string() }), origin: z.enum(["console", "api"]) })),
  page: z.number().int(),
  limit: z.number().int(),
});
export const removedAnswer = z.object({ removed: z.array(z.string()), notQueued: z.array(z.string()) });

export const failuresCountAnswer = z.object({ open: z.number().int() });
export const resolvedAnswer = z.object({ resolved: z.number().int() });

const scheduleRule = z.discriminatedUnion("type", [
  z.object({ type: z.literal("every"), minutes: z.number().int() }),
  z.object({ type: z.literal("daily"), times: z.array(z.string()) }),
  z.object({ type: z.literal("weekly"), days: z.array(z.number().int()), times: z.array(z.string()) }),
  z.object({ type: z.literal("cron"), expression: z.string() }),
]);
const schedule = z.object({
  id: z.uuid(),
  kind: z.enum(SCHEDULE_KINDS),
  name: z.string().nullable(),
  rule: scheduleRule,
  timeZone: z.string(),
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
  maxOrders: z.number().int().nullable(),
  paused: z.boolean(),
  nextStartAt: datetime.nullable(),
  createdAt: datetime,
  createdBy: z.string(),
  updatedAt: datetime,
  updatedBy: z.string(),
  history: z.array(
    z.object({
      id: z.number().int(),
      dueAt: datetime,
      at: datetime,
      outcome: z.enum(["started", "failed", "skipped"]),
      reason: z.enum(["repeat_window", "missed"]).nullable(),
      message: z.string().nullable(),
      importRunId: z.number().int().nullable(),
      transferRunId: z.uuid().nullable(),
    }),
  ),
});
export const scheduleAnswer = z.object({ schedule });
export const scheduleListAnswer = z.object({ items: z.array(schedule), total: z.number().int(), defaultTimeZone: z.string(), windowMinutes: z.number().int() });
export const deletedAnswer = z.object({ deleted: z.uuid() });

/** RFC 9457 problem details as lib/rules/problems.ts writes them; `fieldCodes` carry the catalog codes per field. */
export const problemAnswer = z
  .looseObject({
    type: z.url(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(Object.keys(PROBLEM_STATUS) as [keyof typeof PROBLEM_STATUS, ...(keyof typeof PROBLEM_STATUS)[]]),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().int().optional(),
  })
  .refine((p) => isProblemCode(p.code));

// Compile-time ties: a field added to a service's answer type fails `tsc` here until the schema has it too.
export const SHAPES_MATCH = [
  same<z.infer<typeof warehouseListAnswer>, WarehouseListResponse>(true),
  same<z.infer<typeof warehouseWriteAnswer>, WarehouseWriteResult>(true),
  same<z.infer<typeof runSummary>, TransferRunSummary>(true),
  same<z.infer<typeof runPageAnswer>, TransferRunPage>(true),
  same<z.infer<typeof runListAnswer>, TransferRunList>(true),
  same<z.infer<typeof orderHistoryAnswer>, OrderHistory>(true),
  same<z.infer<typeof importRun>, ImportRunRow>(true),
  same<z.infer<typeof importListAnswer>, ImportRunList>(true),
  same<z.infer<typeof failuresAnswer>, InboxPage>(true),
  same<z.infer<typeof enqueueAnswer>, EnqueueResult>(true),
  same<z.infer<typeof queueOverviewAnswer>, QueueOverview>(true),
  same<z.infer<typeof schedule>, ScheduleRow>(true),
  same<z.infer<typeof scheduleListAnswer>, ScheduleList>(true),
] as const;
