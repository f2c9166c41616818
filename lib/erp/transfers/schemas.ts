import { z } from "zod";
import { field, oneOf } from "@/lib/list/base";
import { defineList, strictQuery, type ListState } from "@/lib/list/definition";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "@/lib/rules/ids";
import { classifyOrderId } from "@/lib/erp/transfers/order-ids";
import { MEANINGS, RUN_RESULTS, type Meaning, type RunResult } from "@/lib/erp/outcomes/meanings";
import { datetime, paging, person } from "@/lib/list/answers";
import { queuedOrderSchema } from "@/lib/queue/schemas";

import {
  ORDER_OUTCOMES,
  orderOutcomeField,
  RETRY_KINDS,
  TRANSFER_ORIGINS,
  TRANSFER_RUN_STATES,
  TRANSFER_RUN_STATUSES,
  runOrderListBase,
  transferRunListBase,
  type OrderOutcome,
  type RetryKind,
  type TransferOrigin,
  type TransferRunStatus,
} from "@/lib/erp/lists";

export * from "@/lib/erp/lists";

const MAX_REPORTED_IDS = 20;

export const runIdSchema = z
  .string({ error: "validation.erp.runIdRequired" })
  .trim()
  .pipe(z.uuid({ error: "validation.erp.runIdInvalid" }))
  .transform((v) => v.toLowerCase());

export const runIdParamSchema = z.object({ runId: runIdSchema });

export const idempotencyKeySchema = z
  .string({ error: "validation.erp.idempotencyKeyMissing" })
  .trim()
  .min(IDEMPOTENCY_KEY_MIN_LENGTH, { error: "validation.erp.idempotencyKeyLength" })
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: "validation.erp.idempotencyKeyLength" })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: "validation.erp.idempotencyKeyCharacters" });

/** Unknown outcomes need `confirmUnknown` (the upstream may have acted on them), rejected ones `confirmRejected`. */
export function createTransferBodySchema(maxOrdersPerRun: number) {
  return z
    .strictObject({
      orderIds: z
        .array(z.string({ error: "validation.erp.orderIdString" }), { error: "validation.erp.orderIdsList" })
        .optional(),
      parentRunId: runIdSchema.optional(),
      retry: z.enum(RETRY_KINDS, { error: "validation.erp.retryKind" }).optional(),
      confirmUnknown: z.boolean({ error: "validation.trueOrFalse" }).optional(),
      confirmRejected: z.boolean({ error: "validation.trueOrFalse" }).optional(),
      overrideHold: z.boolean({ error: "validation.trueOrFalse" }).optional(),
      channels: z.array(queuedOrderSchema, { error: "validation.erp.channelsList" }).max(maxOrdersPerRun, { error: "validation.erp.channelsList" }).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.channels !== undefined) {
        const ids = new Set(body.orderIds ?? []);
        if (body.orderIds === undefined) ctx.addIssue({ code: "custom", path: ["channels"], message: "validation.erp.channelsWithoutIds" });
        else body.channels.forEach((c, i) => ids.has(c.id) || ctx.addIssue({ code: "custom", path: ["channels", i, "id"], message: "validation.erp.channelNotInIds", params: { id: c.id.slice(0, 40) } }));
      }
      if (body.orderIds !== undefined && body.retry !== undefined) {
        ctx.addIssue({ code: "custom", path: ["retry"], message: "validation.erp.idsOrRetry" });
        return;
      }
      if (body.orderIds === undefined && body.retry === undefined) {
        ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.erp.orderIdsMissing" });
        return;
      }
      if (body.retry !== undefined) {
        if (body.parentRunId === undefined) {
          ctx.addIssue({ code: "custom", path: ["parentRunId"], message: "validation.erp.parentRunMissing" });
        }
        if (body.retry === "unknown" && body.confirmUnknown !== true) {
          ctx.addIssue({
            code: "custom",
            path: ["confirmUnknown"],
            message: "validation.erp.confirmUnknown",
          });
        }
        if (body.retry === "rejected" && body.confirmRejected !== true) {
          ctx.addIssue({ code: "custom", path: ["confirmRejected"], message: "validation.erp.confirmRejected" });
        }
        return;
      }
      if (body.parentRunId !== undefined) {
        ctx.addIssue({ code: "custom", path: ["parentRunId"], message: "validation.erp.parentRunWithoutRetry" });
      }
      if (body.confirmUnknown !== undefined) {
        ctx.addIssue({ code: "custom", path: ["confirmUnknown"], message: "validation.erp.confirmUnknownWithoutRetry" });
      }
      if (body.confirmRejected !== undefined) {
        ctx.addIssue({ code: "custom", path: ["confirmRejected"], message: "validation.erp.confirmRejectedWithoutRetry" });
      }
      const ids = body.orderIds ?? [];
      if (ids.length === 0) {
        ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.erp.orderIdsEmpty" });
        return;
      }
      if (ids.length > maxOrdersPerRun) {
        ctx.addIssue({
          code: "custom",
          path: ["orderIds"],
          message: "validation.erp.tooManyOrders",
          params: { max: maxOrdersPerRun, count: ids.length },
        });
        return;
      }
      let reported = 0;
      let bad = 0;
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        const reason = classifyOrderId(id);
        const duplicate = !reason && seen.has(id);
        seen.add(id);
        if (!reason && !duplicate) return;
        bad++;
        if (reported >= MAX_REPORTED_IDS) return;
        reported++;
        ctx.addIssue({
          code: "custom",
          path: ["orderIds", i],
          message:
            reason === "too_long"
              ? "validation.erp.orderIdTooLong"
              : reason === "not_a_number"
                ? "validation.erp.orderIdDigits"
                : "validation.erp.orderIdRepeated",
          params: { id },
        });
      });
      if (bad > reported) {
        ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.erp.moreInvalid", params: { count: bad - reported } });
      }
    });
}

export const transferRunList = defineList(transferRunListBase);
export type TransferRunListState = ListState<(typeof transferRunList)["fields"]>;

export function runOrderList(runId: string) {
  return defineList(runOrderListBase(runId));
}
export type RunOrderList = ReturnType<typeof runOrderList>;
export type RunOrderListState = ListState<RunOrderList["fields"]>;
export const runOrdersQuerySchema = runOrderList("").querySchema;

const EXPORT_FORMATS = ["csv", "xlsx", "txt"] as const;
export const exportQuerySchema = strictQuery({
  outcome: orderOutcomeField,
  format: field({ fallback: "csv" as (typeof EXPORT_FORMATS)[number], message: "validation.erp.format" }, oneOf(EXPORT_FORMATS)),
});

export interface TransferCounts {
  total: number;
  transferred: number;
  notTransferred: number;
  unknown: number;
  pending: number;
  sending: number;
}

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
  // Kept for clients: all_transferred when every order is done; `result` tells rejections from what needs attention.
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
export type TransferRunSummary = z.infer<typeof runSummary>;

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
        source: z.string().nullable().optional().describe("The sales channel the order was pushed with"),
        orderDate: z.iso.datetime({ offset: true }).nullable().optional().describe("When the order was placed, as pushed"),
        packageId: z.string().nullable().optional(),
      }),
    ),
    ...paging,
    outcome: orderOutcome.nullable(),
  }),
});
export const runStartersAnswer = z.array(z.object({ by: z.string(), kind: z.enum(["person", "key", "automatic"]), name: z.string() }));
export const runListAnswer = z.object({
  items: z.array(runSummary),
  ...paging,
  people: z.array(z.string()).describe("E-mails of the members who started runs"),
  starters: runStartersAnswer.describe("Everyone and everything that started runs; each `by` is a value the `by` filter takes"),
  channels: z.array(z.string()).describe("The sales channels of the runs' orders (at most 50); each is a value the `channel` filter takes"),
});
export const startedRunAnswer = z.object({ run: runSummary, created: z.boolean() });
export const stoppedRunAnswer = z.object({ run: runSummary, requested: z.boolean() });

export interface TransferRunDetail extends TransferRunSummary {
  parent: { id: string; createdAt: string; status: TransferRunStatus } | null;
  children: { id: string; createdAt: string; origin: TransferOrigin; status: TransferRunStatus; result: RunResult }[];
  retryable: Record<RetryKind, number>;
  rejections: { reason: string | null; reasonCode: string | null; count: number }[];
}

export interface TransferOrderRow {
  position: number;
  orderId: string;
  batch: number;
  outcome: OrderOutcome;
  reason: string | null;
  reasonCode: string | null;
  meaning: Meaning;
  retriedIn?: string | null;
  source?: string | null;
  orderDate?: string | null;
  packageId?: string | null;
}

export type TransferRunPage = z.infer<typeof runPageAnswer>;
export type TransferRunList = z.infer<typeof runListAnswer>;
