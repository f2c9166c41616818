import { z } from "zod";
import { orderIdSchema } from "@/lib/erp/history/schemas";
import { defineList } from "@/lib/list/definition";
import { MEANINGS } from "@/lib/erp/outcomes/meanings";
import { datetime } from "@/lib/list/answers";
import { QUEUE_MAX_IDS_PER_REQUEST, QUEUE_PACKAGE_PATTERN, QUEUE_SOURCE_PATTERN, queueListBase } from "@/lib/queue/constants";
import type { QueueOrigin } from "@/lib/queue/tables";

export * from "@/lib/queue/constants";

const QUEUE_CLOCK_SKEW_MS = 5 * 60_000;

export const queuedOrderSchema = z.strictObject({
  id: z.string({ error: "validation.queue.orderIdString" }),
  source: z
    .string({ error: "validation.queue.source" })
    .trim()
    .regex(QUEUE_SOURCE_PATTERN, { error: "validation.queue.source" })
    .transform((v) => v.toLowerCase())
    .optional(),
  orderDate: z.iso
    .datetime({ offset: true, error: "validation.queue.orderDate" })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() <= Date.now() + QUEUE_CLOCK_SKEW_MS, { error: "validation.queue.orderDateFuture" })
    .optional(),
  packageId: z.string({ error: "validation.queue.packageId" }).trim().regex(QUEUE_PACKAGE_PATTERN, { error: "validation.queue.packageId" }).optional(),
});
export type QueuedOrderInput = z.output<typeof queuedOrderSchema>;

// Ids to queue arrive as typed: each one is judged on its own (refused and named), so the list only needs to be strings.
export const enqueueBodySchema = z
  .strictObject({
    orderIds: z
      .array(z.string({ error: "validation.queue.orderIdString" }), { error: "validation.queue.orderIdsList" })
      .min(1, { error: "validation.queue.orderIdsEmpty" })
      .max(QUEUE_MAX_IDS_PER_REQUEST, { error: "validation.queue.tooMany" })
      .optional(),
    orders: z
      .array(queuedOrderSchema, { error: "validation.queue.ordersList" })
      .min(1, { error: "validation.queue.orderIdsEmpty" })
      .max(QUEUE_MAX_IDS_PER_REQUEST, { error: "validation.queue.tooMany" })
      .optional(),
    // The platform may have acted on an unknown order: queueing it again is a person's or a system's explicit choice.
    confirmUnknown: z.boolean({ error: "validation.trueOrFalse" }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.orderIds && body.orders) ctx.addIssue({ code: "custom", path: ["orders"], message: "validation.queue.idsOrOrders" });
    else if (!body.orderIds && !body.orders) ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.queue.orderIdsList" });
  });

export const enqueueShapes = z.xor([
  z.strictObject({ orderIds: z.array(z.string()).min(1).max(QUEUE_MAX_IDS_PER_REQUEST), confirmUnknown: z.boolean().optional() }),
  z.strictObject({
    orders: z.array(z.strictObject({ id: z.string(), source: z.string().regex(QUEUE_SOURCE_PATTERN).optional().describe('"web" or a marketplace\'s name, 1 to 40 letters, digits, spaces, dots, dashes'), orderDate: z.iso.datetime({ offset: true }).optional().describe("When the order was placed; the order-age clock counts from it (without it, from when the console first saw the order)"), packageId: z.string().regex(QUEUE_PACKAGE_PATTERN).optional() })).min(1).max(QUEUE_MAX_IDS_PER_REQUEST),
    confirmUnknown: z.boolean().optional(),
  }),
]);

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
  items: z.array(z.object({ orderId: z.string(), queuedAt: datetime, queuedBy: z.object({ email: z.string(), name: z.string() }), origin: z.enum(["console", "api"]), source: z.string().nullable(), orderDate: datetime.nullable(), packageId: z.string().nullable() })),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QueueOverview = z.infer<typeof queueOverviewAnswer>;
export const removedAnswer = z.object({ removed: z.array(z.string()), notQueued: z.array(z.string()) });
