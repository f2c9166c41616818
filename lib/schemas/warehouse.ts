import { z } from "zod";
import { hasControlCharacters } from "@/lib/rules/text";
import {
  CODE_MAX,
  DEFAULT_WAREHOUSE_SORT,
  ERP_ID_MAX,
  isWarehouseSort,
  NAME_MAX,
  SEARCH_MAX,
  WAREHOUSE_PAGE_SIZES,
  WAREHOUSE_SORT_COLUMNS,
  WAREHOUSE_STATUSES,
  type WarehouseSort,
} from "./warehouse-constants";

export * from "./warehouse-constants";

// Warehouse schemas shared by the forms, the route handlers and the SWR hooks. Error messages are
// catalog keys: form fields' in the `warehouses.validation` namespace, sent by route handlers as
// they are; list query parameters' in `validation.warehouses`, answered in English.

const text = (max: number, required: boolean) =>
  z
    .string({ message: "required" })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { message: "required" })
        .max(max, { message: "tooLong" })
        .refine((v) => !hasControlCharacters(v), { message: "controlCharacters" }),
    );

export const warehouseNameSchema = text(NAME_MAX, true);
export const warehouseCodeSchema = text(CODE_MAX, true).refine((v) => !/\s/.test(v), { message: "codeSpaces" });
/** Empty means "no ERP mapping" (null). Kept a string: it looks numeric but leading zeros matter. */
export const erpWarehouseIdSchema = z
  .union([text(ERP_ID_MAX, false), z.null()])
  .transform((v) => (v === null || v === "" ? null : v));

/** The console's view of a warehouse (flags as booleans, ERP id a string or null). */
export const warehouseSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  code: z.string(),
  erpWarehouseId: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export const createWarehouseBodySchema = z.strictObject({
  name: warehouseNameSchema,
  code: warehouseCodeSchema,
  erpWarehouseId: erpWarehouseIdSchema.optional().default(null),
  isActive: z.boolean().optional().default(true),
  isDefault: z.boolean().optional().default(false),
});
export type CreateWarehouseBody = z.output<typeof createWarehouseBodySchema>;
export type CreateWarehouseInput = z.input<typeof createWarehouseBodySchema>;

/** What the edit form loaded: the save is refused (409) when the warehouse changed since. */
export const warehouseSnapshotSchema = warehouseSchema.omit({ id: true });

export const updateWarehouseBodySchema = z.strictObject({
  name: warehouseNameSchema.optional(),
  code: warehouseCodeSchema.optional(),
  erpWarehouseId: erpWarehouseIdSchema.optional(),
  isActive: z.boolean().optional(),
  isDefault: z.boolean().optional(),
  /** The values the form started from; omitted only by bulk status changes. */
  expected: warehouseSnapshotSchema.optional(),
});
export type UpdateWarehouseBody = z.output<typeof updateWarehouseBodySchema>;

export const warehouseIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { message: "invalidId" })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), { message: "invalidId" }),
});

export const warehouseSortSchema = z
  .string()
  .refine(isWarehouseSort, {
    message: "validation.warehouses.sort",
    params: { columns: WAREHOUSE_SORT_COLUMNS.join(", ") },
  })
  .transform((v) => v as WarehouseSort);

const listFilters = {
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(SEARCH_MAX, { message: "validation.warehouses.searchTooLong" }).refine((v) => !hasControlCharacters(v), { message: "validation.warehouses.searchControlCharacters" })),
  status: z.enum(WAREHOUSE_STATUSES).optional().default("all"),
  sort: warehouseSortSchema.optional().default(DEFAULT_WAREHOUSE_SORT as WarehouseSort),
};


export const exportWarehousesQuerySchema = z.strictObject(listFilters);
export type ExportWarehousesQuery = z.output<typeof exportWarehousesQuerySchema>;

export const codeCheckQuerySchema = z.strictObject({
  code: warehouseCodeSchema,
  excludeId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .optional(),
});

export const BULK_MAX = 500;
export const bulkStatusBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(BULK_MAX),
  isActive: z.boolean(),
});

export interface WarehouseListResponse {
  items: Warehouse[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  /** Total count of warehouses without filters (tells "no warehouses yet" from "no match"). */
  totalAll: number;
  source: "upstream" | "index";
}

export interface WarehouseConflict {
  theirs: Warehouse;
  yours: Partial<Omit<Warehouse, "id">>;
  fields: (keyof Omit<Warehouse, "id">)[];
}
