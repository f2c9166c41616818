import { z } from "zod";
import { ORDER_ID_MAX_LENGTH } from "@/lib/rules/ids";
import type { Meaning } from "@/lib/erp/outcomes/meanings";
import type { TransferOrigin } from "@/lib/erp/schemas";

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

export interface OrderHistory {
  orderId: string;
  runs: OrderHistoryEntry[];
}

export interface TransferredBefore {
  orderId: string;
  runId: string;
  at: string;
  meaning: Meaning;
}
