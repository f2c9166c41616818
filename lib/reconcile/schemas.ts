import { z } from "zod";
import { orderIdSchema } from "@/lib/erp/history/schemas";
import { defineList, strictQuery } from "@/lib/list/definition";
import { exportFormatField } from "@/lib/export/format";
import { datetime, paging } from "@/lib/list/answers";
import { BUCKETS, RECONCILE_MAX_ORDERS, RECONCILE_MAX_WINDOW_DAYS, RECONCILE_UPLOAD_MAX_BYTES, bucketOrderListBase, reconciliationListBase } from "@/lib/reconcile/constants";

export * from "@/lib/reconcile/constants";

const DAY_MS = 86_400_000;
const instant = z.iso.datetime({ offset: true, error: "validation.reconcile.dateTime" }).transform((v) => new Date(v));

const manifestOrder = z.strictObject({
  id: orderIdSchema,
  orderDate: instant.optional(),
  source: z.string({ error: "validation.reconcile.source" }).trim().min(1, { error: "validation.reconcile.source" }).max(40, { error: "validation.reconcile.source" }).optional(),
});

// One object with either a window or a manifest, so each refusal names its own field (a union would name none).
export const startReconciliationBodySchema = z
  .strictObject({
    from: instant.optional(),
    to: instant.optional(),
    orders: z
      .array(manifestOrder, { error: "validation.reconcile.ordersList" })
      .min(1, { error: "validation.reconcile.ordersEmpty" })
      .max(RECONCILE_MAX_ORDERS, { error: "validation.reconcile.tooMany" })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const time = (d: unknown) => (d instanceof Date ? d.getTime() : Number.NaN);
    const window = body.from !== undefined || body.to !== undefined;
    if (window && body.orders) ctx.addIssue({ code: "custom", path: ["orders"], message: "validation.reconcile.windowOrManifest" });
    else if (!window && !body.orders) ctx.addIssue({ code: "custom", path: ["_"], message: "validation.reconcile.windowOrManifest" });
    else if (window) {
      if (!body.from) ctx.addIssue({ code: "custom", path: ["from"], message: "validation.reconcile.fromRequired" });
      if (!body.to) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.reconcile.toRequired" });
      if (body.from && body.to && time(body.to) <= time(body.from)) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.reconcile.toBeforeFrom" });
      else if (body.from && body.to && time(body.to) - time(body.from) > RECONCILE_MAX_WINDOW_DAYS * DAY_MS)
        ctx.addIssue({ code: "custom", path: ["to"], message: "validation.reconcile.windowTooLong", params: { maximum: RECONCILE_MAX_WINDOW_DAYS } });
    }
  });
// The exclusive shapes for the description; that a window's end comes after its start, and by how much at most, is the route's own check.
export const startReconciliationShapes = z.xor([
  z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }).describe(`After from, at most ${RECONCILE_MAX_WINDOW_DAYS} days later`) }),
  z.strictObject({ orders: z.array(manifestOrder).min(1).max(RECONCILE_MAX_ORDERS) }),
]);
export type StartReconciliationBody = z.output<typeof startReconciliationBodySchema>;

export const reconciliationIdParamSchema = z.object({ id: z.uuid({ error: "validation.reconcile.id" }) });

export function bucketOrderList(id: string) {
  return defineList(bucketOrderListBase(id));
}
export const bucketOrdersQuerySchema = bucketOrderList("").querySchema;
export const reconciliationList = defineList(reconciliationListBase);
export const bucketExportQuerySchema = strictQuery({ bucket: bucketOrderListBase("").fields.bucket, channel: bucketOrderListBase("").fields.channel, format: exportFormatField });

const counts = z.object(Object.fromEntries(BUCKETS.map((b) => [b, z.number().int()])) as Record<(typeof BUCKETS)[number], z.ZodNumber>);

export const reconciliationAnswer = z.object({
  id: z.uuid(),
  kind: z.enum(["window", "manifest"]),
  status: z.enum(["running", "done", "failed"]).describe("running until the buckets are counted; failed names its reason in error"),
  error: z.string().nullable(),
  createdAt: datetime,
  createdBy: z.object({ email: z.string(), name: z.string() }),
  finishedAt: datetime.nullable(),
  from: datetime.nullable(),
  to: datetime.nullable(),
  settledBefore: datetime.describe("Orders created at or after this moment were left out as still settling"),
  total: z.number().int().nullable().describe("Expected orders: inErp + waiting + open + neverSeen"),
  buckets: counts.nullable(),
  excluded: z.object({
    cancelled: z.number().int().describe("Orders the platform lists as cancelled: not expected in the ERP"),
    settling: z.number().int().describe("Orders younger than the settle time: not counted yet"),
    duplicates: z.number().int().describe("Manifest lines that repeated an id, counted once"),
  }),
});
export type ReconciliationSummary = z.infer<typeof reconciliationAnswer>;

const breakdownRow = z.object({
  key: z.string().nullable().describe("The day (YYYY-MM-DD, UTC) or the channel; null for orders without one"),
  total: z.number().int(),
  inErp: z.number().int(),
  waiting: z.number().int(),
  open: z.number().int(),
  neverSeen: z.number().int(),
});
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const reconciliationDetailAnswer = reconciliationAnswer.extend({
  byDay: z.array(breakdownRow).nullable().describe("Once done: the expected orders per day of order; the rows add up to total"),
  byChannel: z.array(breakdownRow).nullable().describe("Once done: the expected orders per channel; the rows add up to total"),
});
export type Reconciliation = z.infer<typeof reconciliationDetailAnswer>;

export const reconciliationListAnswer = z.object({ items: z.array(reconciliationAnswer), ...paging });
export type ReconciliationList = z.infer<typeof reconciliationListAnswer>;

export const uploadReconciliationBodySchema = z.strictObject({
  fileName: z.string({ error: "validation.reconcile.fileName" }).trim().min(1, { error: "validation.reconcile.fileName" }).max(255, { error: "validation.reconcile.fileName" }),
  content: z.base64({ error: "validation.reconcile.fileContent" }).max(Math.ceil((RECONCILE_UPLOAD_MAX_BYTES * 4) / 3) + 4, { error: "validation.reconcile.uploadTooLarge" }),
  start: z.boolean({ error: "validation.reconcile.start" }).default(false),
});
export const UPLOAD_BODY_BYTES = Math.ceil((RECONCILE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

const foundColumn = z.object({ index: z.number().int(), name: z.string().nullable() }).nullable();
export const uploadPreviewAnswer = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  orders: z.number().int(),
  invalidRows: z.number().int(),
  duplicates: z.number().int(),
  header: z.array(z.string()).nullable(),
  columns: z.object({ id: foundColumn, date: foundColumn, channel: foundColumn }),
  sample: z.array(z.object({ id: z.string(), orderDate: datetime.nullable(), source: z.string().nullable() })),
});
export type UploadPreview = z.infer<typeof uploadPreviewAnswer>;

export const startedAnswer = z.object({ id: z.uuid() });

export const bucketOrdersAnswer = z.object({
  bucket: z.enum(BUCKETS),
  items: z.array(z.object({ orderId: z.string(), orderDate: datetime.nullable(), source: z.string().nullable() })),
  ...paging,
});
export type BucketOrders = z.infer<typeof bucketOrdersAnswer>;

export const queueNeverSeenAnswer = z.object({
  queued: z.number().int(),
  alreadyQueued: z.number().int(),
  alreadyTransferred: z.number().int(),
  unknown: z.number().int().describe("Held back: their last outcome is unknown"),
  left: z.number().int().describe("Never-seen ids beyond the cap, not queued by this call"),
});
export type QueueNeverSeenResult = z.infer<typeof queueNeverSeenAnswer>;
