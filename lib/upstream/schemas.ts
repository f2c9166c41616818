import { z } from "zod";
import { upstreamFlagSchema } from "@/lib/upstream/flags";

/** Order ids are strings; a numeric id from the upstream is stringified, never the other way. */
export const upstreamOrderIdSchema = z.union([z.string(), z.number().int().nonnegative()]).transform(String);

const optionalErpId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? null : String(v)));

export const upstreamWarehouseSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string(),
  code: z.string(),
  erpWarehouseId: optionalErpId,
  isDefault: upstreamFlagSchema.optional().default(false),
  isActive: upstreamFlagSchema.optional().default(true),
});
export type UpstreamWarehouse = z.output<typeof upstreamWarehouseSchema>;

export const upstreamWarehousePageSchema = z.object({
  items: z.array(upstreamWarehouseSchema),
  totalItems: z.coerce.number().int().nonnegative(),
  totalPage: z.coerce.number().int().nonnegative(),
  currentPage: z.coerce.number().int().nonnegative(),
  limit: z.coerce.number().int().positive(),
});
export type UpstreamWarehousePage = z.output<typeof upstreamWarehousePageSchema>;

const optionalText = z.union([z.string(), z.number()]).nullish().catch(null).transform((v) => (v === undefined || v === null ? null : String(v)));

// The order list is an emulator choice, not in the service description (docs/upstream-api.md "GET /v1/orders (emulator choice)"): only the id is required, unknown fields pass.
export const upstreamOrderSchema = z.looseObject({
  id: upstreamOrderIdSchema,
  source: optionalText,
  createdAt: optionalText,
  status: optionalText,
});
export type UpstreamOrder = z.output<typeof upstreamOrderSchema>;

export const upstreamOrderPageSchema = z.object({
  items: z.array(upstreamOrderSchema),
  totalItems: z.coerce.number().int().nonnegative().optional(),
  totalPage: z.coerce.number().int().nonnegative(),
});
export type UpstreamOrderPage = z.output<typeof upstreamOrderPageSchema>;

const statusMessage = {
  status: z.string(),
  message: z.string().optional().default(""),
};

export const upstreamWriteResultSchema = z.object({
  ...statusMessage,
  payload: z.object({ id: z.coerce.number().int().positive() }),
});

export const upstreamStatusSchema = z.object(statusMessage);

export const upstreamTransferResultSchema = z.object({
  ...statusMessage,
  data: z.object({
    transferred: z.array(upstreamOrderIdSchema).default([]),
    not_transferred: z
      .array(z.object({ id: upstreamOrderIdSchema, error: z.string().optional().default("") }))
      .default([]),
  }),
});

export const upstreamErrorBodySchema = z
  .object({
    message: z.string().optional(),
    detail: z.string().optional().catch(undefined),
    title: z.string().optional().catch(undefined),
    errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
  })
  .loose();
