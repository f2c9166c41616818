import { z } from "zod";
import { defineList, strictQuery, type ListState } from "@/lib/list/definition";
import { parsePositiveId, WAREHOUSE_ID_PATTERN } from "@/lib/rules/ids";
import { CODE_PATTERN, FILLED_TEXT_PATTERN, hasControlCharacters, PLAIN_TEXT_PATTERN } from "@/lib/rules/text";
import { BULK_MAX, CODE_MAX, CODE_SPACES, ERP_ID_MAX, NAME_MAX, READINESS_CHECKS, type ReadinessCheck } from "@/lib/rules/warehouse";
import { paging } from "@/lib/list/answers";
import { warehouseListBase } from "@/lib/warehouses/lists";
import { exportFormatField } from "@/lib/export/format";
export * from "@/lib/warehouses/lists";

const text = (max: number, required: boolean) =>
  z
    .string({ message: "validation.warehouses.required" })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { message: "validation.warehouses.required" })
        .max(max, { message: "validation.warehouses.tooLong" })
        .refine((v) => !hasControlCharacters(v), { message: "validation.warehouses.controlCharacters" })
        .meta({ pattern: required ? FILLED_TEXT_PATTERN : PLAIN_TEXT_PATTERN }),
    );

export const warehouseNameSchema = text(NAME_MAX, true);
export const warehouseCodeSchema = text(CODE_MAX, true)
  .refine((v) => !CODE_SPACES.test(v), { message: "validation.warehouses.codeSpaces" })
  .meta({ pattern: CODE_PATTERN });
export const erpWarehouseIdSchema = z
  .union([text(ERP_ID_MAX, false), z.null()])
  .transform((v) => (v === null || v === "" ? null : v));

export const warehouseSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  code: z.string(),
  erpWarehouseId: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export type WarehouseValues = Omit<Warehouse, "id">;

export const createWarehouseBodySchema = z.strictObject({
  name: warehouseNameSchema,
  code: warehouseCodeSchema,
  erpWarehouseId: erpWarehouseIdSchema.optional().default(null),
  isActive: z.boolean().optional().default(true),
  isDefault: z.boolean().optional().default(false),
});
export type CreateWarehouseBody = z.output<typeof createWarehouseBodySchema>;
export type CreateWarehouseInput = z.input<typeof createWarehouseBodySchema>;

export const warehouseSnapshotSchema = warehouseSchema.omit({ id: true });

export const updateWarehouseBodySchema = z.strictObject({
  name: warehouseNameSchema.optional(),
  code: warehouseCodeSchema.optional(),
  erpWarehouseId: erpWarehouseIdSchema.optional(),
  isActive: z.boolean().optional(),
  isDefault: z.boolean().optional(),
  expected: warehouseSnapshotSchema.optional(),
});
export type UpdateWarehouseBody = z.output<typeof updateWarehouseBodySchema>;

export const warehouseIdParamSchema = z.object({
  id: z.string().transform((v, ctx) => {
    const id = parsePositiveId(v);
    if (id === null) ctx.addIssue({ code: "custom", message: "validation.warehouses.invalidId" });
    return id ?? z.NEVER;
  }),
});

export const codeCheckQuerySchema = z.strictObject({
  code: warehouseCodeSchema,
  excludeId: z.string().regex(WAREHOUSE_ID_PATTERN).transform(Number).optional(),
});

export const bulkStatusBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(BULK_MAX),
  isActive: z.boolean(),
});

export const warehouseList = defineList(warehouseListBase);

type ListFields = (typeof warehouseList)["fields"];
export type WarehouseListState = ListState<ListFields>;
export const DEFAULT_LIST_STATE: WarehouseListState = warehouseList.defaults;
export const loadWarehouseListState = warehouseList.load;
export const serializeWarehouseListState = warehouseList.urlSearch;
export const listStateUpdate = warehouseList.update;
export const warehouseListKey = warehouseList.key;

function withoutPaging({ page, limit, ...filters }: ListFields) {
  void page;
  void limit;
  return filters;
}

export const exportWarehousesQuerySchema = strictQuery({ ...withoutPaging(warehouseList.fields), format: exportFormatField }).transform((v) => ({ ...v, q: v.q.trim() }));
export type ExportWarehousesQuery = z.output<typeof exportWarehousesQuerySchema>;

export type ListedWarehouse = Warehouse & { attention: ReadinessCheck[] };

export const warehouseListAnswer = z.object({
  items: z.array(warehouseSchema.extend({ attention: z.array(z.enum(READINESS_CHECKS)) })),
  ...paging,
  totalPages: z.number().int(),
  totalAll: z.number().int(),
  source: z.enum(["upstream", "index"]),
});
export type WarehouseListResponse = z.infer<typeof warehouseListAnswer>;
export const warehouseAnswer = z.object({ warehouse: warehouseSchema });

export interface WarehouseConflict {
  theirs: Warehouse;
  yours: Partial<WarehouseValues>;
  fields: (keyof WarehouseValues)[];
}

export const warehouseWriteAnswer = z.object({ warehouse: warehouseSchema, message: z.string(), warning: z.literal("defaultNotSettled").optional() });
export type WarehouseWriteResult = z.infer<typeof warehouseWriteAnswer>;

export interface BulkResult {
  id: number;
  ok: boolean;
  code?: string;
  detail?: string;
}

export interface BulkOutcome {
  results: BulkResult[];
  succeeded: number;
  failed: number;
}

export interface CodeCheckResult {
  available: boolean;
  takenBy: Pick<Warehouse, "id" | "name" | "code"> | null;
}
