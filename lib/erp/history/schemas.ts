import { z } from "zod";
import { ORDER_ID_MAX_LENGTH } from "@/lib/rules/ids";
import { MEANINGS, type Meaning } from "@/lib/erp/outcomes/meanings";
import { TRANSFER_ORIGINS, type TransferOrigin } from "@/lib/erp/lists";
import { datetime } from "@/lib/list/answers";

import { ORDER_LOOKUP_MAX_IDS } from "@/lib/erp/history/constants";

export * from "@/lib/erp/history/constants";

export const orderIdSchema = z
  .string({ error: "validation.erp.orderIdString" })
  .trim()
  .regex(/^\d+$/, { error: "validation.erp.orderIdDigits" })
  .max(ORDER_ID_MAX_LENGTH, { error: "validation.erp.orderIdTooLong" });

export const orderIdParamSchema = z.object({ orderId: orderIdSchema });

export const transferredLookupBodySchema = z.strictObject({
  orderIds: z.array(orderIdSchema, { error: "validation.erp.orderIdsList" }).max(ORDER_LOOKUP_MAX_IDS, { error: "validation.erp.tooManyOrders" }),
});

export interface OrderHistoryEntry {
  runId: string;
  runCreatedAt: string;
  origin: TransferOrigin;
  runState: string;
  startedBy: { email: string; name: string };
  position: number;
  meaning: Meaning;
  reason: string | null;
  reasonCode: string | null;
  settledAt: string | null;
  retriedIn: string | null;
  resolution: OrderResolution | null;
}

/** An open exception marked resolved from the failures inbox. */
export interface OrderResolution {
  at: string;
  by: { email: string; name: string };
  note: string;
}

const actorWords = z.object({ email: z.string(), name: z.string() });
export const orderHistoryAnswer = z.object({
  orderId: z.string(),
  channel: z
    .object({ source: z.string().nullable(), orderDate: datetime.nullable(), packageId: z.string().nullable() })
    .nullable()
    .describe("The sales channel, order date and package the order was pushed with (from its latest run that carried any); null when it came as a bare id"),
  runs: z.array(
    z.object({
      runId: z.uuid(),
      runCreatedAt: datetime,
      origin: z.enum(TRANSFER_ORIGINS),
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
export type OrderHistory = z.infer<typeof orderHistoryAnswer>;

export interface TransferredBefore {
  orderId: string;
  runId: string;
  at: string;
  meaning: Meaning;
}
