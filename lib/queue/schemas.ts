import { z } from "zod";
import { orderIdSchema, type TransferredBefore } from "@/lib/erp/history/schemas";
import type { InvalidReason } from "@/lib/erp/transfers/order-ids";
import type { ImplausibleId } from "@/lib/erp/transfers/order-checks";
import { defineList } from "@/lib/list/definition";
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

export interface EnqueueResult {
  queued: string[];
  alreadyQueued: string[];
  alreadyTransferred: TransferredBefore[];
  unknown: string[];
  invalid: { id: string; reason: InvalidReason }[];
  warnings: ImplausibleId[];
  duplicates: string[];
}

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

export interface QueueOverview {
  count: number;
  oldest: string | null;
  nextSend: NextAutomaticSend | null;
  maxOrdersPerRun: number;
  items: QueuedOrderRow[];
  page: number;
  limit: number;
}
