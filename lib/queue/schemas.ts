import { z } from "zod";
import { orderIdSchema } from "@/lib/erp/history/schemas";
import { defineList } from "@/lib/list/definition";
import { MEANINGS } from "@/lib/erp/outcomes/meanings";
import { datetime } from "@/lib/list/answers";
import { QUEUE_MAX_IDS_PER_REQUEST, queueListBase } from "@/lib/queue/constants";
import type { QueueOrigin } from "@/lib/queue/tables";

export * from "@/lib/queue/constants";

// Ids to queue arrive as typed: each one is judged on its own (refused and named), so the list only needs to be strings.
export const enqueueBodySchema = z.strictObject({
  orderIds: z
    .array(z.string({ error: "validation.queue.orderIdString" }), { error: "validation.queue.orderIdsList" })
    .min(1, { error: "validation.queue.orderIdsEmpty" })
    .max(QUEUE_MAX_IDS_PER_REQUEST, { error: "validation.queue.tooMany" }),
  // The platform may have acted on an unknown order: queueing it again is a person's or a system's explicit choice.
  confirmUnknown: z.boolean({ error: "validation.trueOrFalse" }).optional(),
});

export const removeQueuedBodySchema = z.strictObject({
  orderIds: z
    .array(orderIdSchema, { error: "validation.queue.orderIdsList" })
    .min(1, { error: "validation.queue.orderIdsEmpty" })
    .max(QUEUE_MAX_IDS_PER_REQUEST, { error: "validation.queue.tooMany" }),
});

export const queueList = defineList(queueListBase);

export const enqueueAnswer = z.object({
  queued: z.array(z.string()),
  alreadyQueued: z.array(z.string()),
  alreadyTransferred: z.array(z.object({ orderId: z.string(), runId: z.string(), at: datetime, meaning: z.enum(MEANINGS) })),
  unknown: z.array(z.string()).describe("Ids whose last outcome is unknown (the platform may have acted): held back unless confirmUnknown is true"),
  invalid: z.array(z.object({ id: z.string(), reason: z.enum(["not_a_number", "too_long"]) })),
  warnings: z.array(z.object({ id: z.string(), reason: z.enum(["leading_zero", "far_longer"]) })),
  duplicates: z.array(z.string()).describe("Ids given more than once in this request, each named once; each was judged once"),
});
export type EnqueueResult = z.infer<typeof enqueueAnswer>;

export interface QueuedOrderRow {
  orderId: string;
  queuedAt: string;
  queuedBy: { email: string; name: string };
  origin: QueueOrigin;
}

export interface NextAutomaticSend {
  at: string;
  scheduleId: string;
  name: string | null;
  maxOrders: number;
}

export const queueOverviewAnswer = z.object({
  count: z.number().int(),
  oldest: datetime.nullable(),
  nextSend: z.object({ at: datetime, scheduleId: z.string(), name: z.string().nullable(), maxOrders: z.number().int() }).nullable(),
  maxOrdersPerRun: z.number().int(),
  items: z.array(z.object({ orderId: z.string(), queuedAt: datetime, queuedBy: z.object({ email: z.string(), name: z.string() }), origin: z.enum(["console", "api"]) })),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QueueOverview = z.infer<typeof queueOverviewAnswer>;
export const removedAnswer = z.object({ removed: z.array(z.string()), notQueued: z.array(z.string()) });
