import { z } from "zod";
import { datetime } from "@/lib/list/answers";
import { AGE_LEVELS, AGE_PLACES } from "@/lib/order-age/constants";

export * from "@/lib/order-age/constants";

export const orderAgeChannel = z.object({
  source: z.string().nullable().describe('The channel ("web" or a marketplace); null for orders pushed without one'),
  count: z.number().int().describe("Orders of this channel not yet in the ERP"),
  level: z.enum(AGE_LEVELS).describe("The band of the oldest order"),
  oldest: z.object({
    orderId: z.string(),
    since: datetime.describe("Its order date, or when the console first saw it when none was given"),
    place: z.enum(AGE_PLACES).describe("queued, in a queued or running run, or open in the failures inbox"),
    runId: z.string().nullable(),
  }),
  bands: z.object({ ok: z.number().int(), warn: z.number().int(), critical: z.number().int(), overdue: z.number().int() }),
});

export const orderAgeAnswer = z.object({
  at: datetime,
  deadlineDays: z.number().int(),
  warnDays: z.number().int(),
  criticalDays: z.number().int(),
  total: z.number().int(),
  channels: z.array(orderAgeChannel).describe("Oldest first"),
});
export type OrderAge = z.infer<typeof orderAgeAnswer>;
export type OrderAgeChannel = z.infer<typeof orderAgeChannel>;
