import { z } from "zod";
import { classifyOrderId } from "./order-ids";

// Shared by the ERP page (forms, URL state), the /api/erp handlers and the SWR hooks. Kept free of
// node modules so the client bundle can import it. Messages are catalog keys (validation.*).

/** The three imports (upstream-api.md); the same words as IMPORT_KINDS in lib/upstream. */
export const ERP_IMPORT_KINDS = ["products", "prices", "stock"] as const;
export type ImportKindName = (typeof ERP_IMPORT_KINDS)[number];

export const TRANSFER_RUN_STATES = ["queued", "running", "completed", "interrupted"] as const;
export type TransferRunState = (typeof TRANSFER_RUN_STATES)[number];

/** What a run's summary says; "all_transferred" only when every order was transferred. */
export const TRANSFER_RUN_STATUSES = ["running", "all_transferred", "with_failures", "interrupted"] as const;
export type TransferRunStatus = (typeof TRANSFER_RUN_STATUSES)[number];

export const ORDER_OUTCOMES = ["pending", "sending", "transferred", "not_transferred", "unknown"] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

export const RETRY_KINDS = ["failed", "unsent", "unknown"] as const;
export type RetryKind = (typeof RETRY_KINDS)[number];

export const TRANSFER_ORIGINS = ["new", "retry_failed", "send_unsent", "resend_unknown"] as const;
export type TransferOrigin = (typeof TRANSFER_ORIGINS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const RUNS_DEFAULT_PAGE_SIZE: PageSize = 10;
export const ORDERS_DEFAULT_PAGE_SIZE: PageSize = 50;
export const MAX_PAGE = 100_000;

/** How many bad ids one 422 names before it summarises the rest. */
const MAX_REPORTED_IDS = 20;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

export const runIdSchema = z
  .string({ error: "validation.erp.runIdRequired" })
  .trim()
  .pipe(z.uuid({ error: "validation.erp.runIdInvalid" }))
  .transform((v) => v.toLowerCase());

export const runIdParamSchema = z.object({ runId: runIdSchema });

/** The Idempotency-Key header: made by the browser (crypto.randomUUID) when the preview is made. */
export const idempotencyKeySchema = z
  .string({ error: "validation.erp.idempotencyKeyMissing" })
  .trim()
  .min(8, { error: "validation.erp.idempotencyKeyLength" })
  .max(200, { error: "validation.erp.idempotencyKeyLength" })
  .regex(/^[A-Za-z0-9._:-]+$/, { error: "validation.erp.idempotencyKeyCharacters" });

/**
 * POST /api/erp/transfers. Either `orderIds` (a new list: unique, digits only, 1..20 characters
 * each, at most the configured maximum), or `parentRunId` with `retry` (failed: the parent's
 * not-transferred orders; unsent: those never sent; unknown: those whose outcome is unknown, which
 * needs `confirmUnknown: true` because the upstream may already have transferred them).
 */
export function createTransferBodySchema(maxOrdersPerRun: number) {
  return z
    .strictObject({
      orderIds: z
        .array(z.string({ error: "validation.erp.orderIdString" }), { error: "validation.erp.orderIdsList" })
        .optional(),
      parentRunId: runIdSchema.optional(),
      retry: z.enum(RETRY_KINDS, { error: "validation.erp.retryKind" }).optional(),
      confirmUnknown: z.boolean({ error: "validation.trueOrFalse" }).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.orderIds !== undefined && body.retry !== undefined) {
        ctx.addIssue({ code: "custom", path: ["retry"], message: "validation.erp.idsOrRetry" });
        return;
      }
      if (body.orderIds === undefined && body.retry === undefined) {
        ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.erp.orderIdsMissing" });
        return;
      }
      if (body.retry !== undefined) {
        if (body.parentRunId === undefined) {
          ctx.addIssue({ code: "custom", path: ["parentRunId"], message: "validation.erp.parentRunMissing" });
        }
        if (body.retry === "unknown" && body.confirmUnknown !== true) {
          ctx.addIssue({
            code: "custom",
            path: ["confirmUnknown"],
            message: "validation.erp.confirmUnknown",
          });
        }
        return;
      }
      if (body.parentRunId !== undefined) {
        ctx.addIssue({ code: "custom", path: ["parentRunId"], message: "validation.erp.parentRunWithoutRetry" });
      }
      if (body.confirmUnknown !== undefined) {
        ctx.addIssue({ code: "custom", path: ["confirmUnknown"], message: "validation.erp.confirmUnknownWithoutRetry" });
      }
      const ids = body.orderIds ?? [];
      if (ids.length === 0) {
        ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.erp.orderIdsEmpty" });
        return;
      }
      if (ids.length > maxOrdersPerRun) {
        ctx.addIssue({
          code: "custom",
          path: ["orderIds"],
          message: "validation.erp.tooManyOrders",
          params: { max: maxOrdersPerRun, count: ids.length },
        });
        return;
      }
      let reported = 0;
      let bad = 0;
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        const reason = classifyOrderId(id);
        const duplicate = !reason && seen.has(id);
        seen.add(id);
        if (!reason && !duplicate) return;
        bad++;
        if (reported >= MAX_REPORTED_IDS) return;
        reported++;
        ctx.addIssue({
          code: "custom",
          path: ["orderIds", i],
          message:
            reason === "too_long"
              ? "validation.erp.orderIdTooLong"
              : reason === "not_a_number"
                ? "validation.erp.orderIdDigits"
                : "validation.erp.orderIdRepeated",
          params: { id },
        });
      });
      if (bad > reported) {
        ctx.addIssue({ code: "custom", path: ["orderIds"], message: "validation.erp.moreInvalid", params: { count: bad - reported } });
      }
    });
}
export type CreateTransferBody = z.output<ReturnType<typeof createTransferBodySchema>>;

const pageField = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "validation.pageNumber" })
    .int({ error: "validation.pageNumber" })
    .min(1, { error: "validation.pageNumber" })
    .max(MAX_PAGE, { error: "validation.pageMax" })
    .default(1),
);

const limitField = (fallback: PageSize) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(["10", "25", "50", "100"], { error: "validation.pageSize" })
      .default(String(fallback) as "10")
      .transform((v) => Number(v) as PageSize),
  );

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "validation.memberEmail" }).max(254));

/** Refuses parameters the schema does not know, naming them. */
function strictQuery<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape).superRefine(
    (value, ctx) => {
      if (typeof value !== "object" || value === null) return;
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key)) ctx.addIssue({ code: "custom", path: [key], message: "validation.unknownParameter", params: { name: key } });
      }
    },
    { when: () => true },
  );
}

export const listTransfersQueryFields = {
  status: optional(z.enum(TRANSFER_RUN_STATUSES, { error: "validation.erp.runStatus" })),
  by: optional(emailField),
  page: pageField,
  limit: limitField(RUNS_DEFAULT_PAGE_SIZE),
};
/** GET /api/erp/transfers. */
export const listTransfersQuerySchema = strictQuery(listTransfersQueryFields).transform((v) => ({
  status: v.status as TransferRunStatus | undefined,
  by: v.by as string | undefined,
  page: v.page as number,
  limit: v.limit as PageSize,
}));
export type ListTransfersQuery = z.output<typeof listTransfersQuerySchema>;

export const runOrdersQueryFields = {
  outcome: optional(z.enum(ORDER_OUTCOMES, { error: "validation.erp.outcome" })),
  page: pageField,
  limit: limitField(ORDERS_DEFAULT_PAGE_SIZE),
};
/** GET /api/erp/transfers/{runId}: the run and one page of its orders. */
export const runOrdersQuerySchema = strictQuery(runOrdersQueryFields).transform((v) => ({
  outcome: v.outcome as OrderOutcome | undefined,
  page: v.page as number,
  limit: v.limit as PageSize,
}));
export type RunOrdersQuery = z.output<typeof runOrdersQuerySchema>;

/** GET /api/erp/transfers/{runId}/export: CSV of the orders, or their ids one per line (txt). */
export const exportQuerySchema = strictQuery({
  outcome: optional(z.enum(ORDER_OUTCOMES, { error: "validation.erp.outcome" })),
  format: optional(z.enum(["csv", "txt"], { error: "validation.erp.format" })),
}).transform((v) => ({ outcome: v.outcome as OrderOutcome | undefined, format: (v.format ?? "csv") as "csv" | "txt" }));

/** POST /api/erp/imports. */
export const startImportBodySchema = z.strictObject({
  kind: z.enum(ERP_IMPORT_KINDS, { error: "validation.erp.importKind" }),
  confirmRepeat: z.boolean({ error: "validation.trueOrFalse" }).optional(),
});
export type StartImportBody = z.output<typeof startImportBodySchema>;

export const listImportsQueryFields = {
  kind: optional(z.enum(ERP_IMPORT_KINDS, { error: "validation.erp.importKind" })),
  page: pageField,
  limit: limitField(RUNS_DEFAULT_PAGE_SIZE),
};
/** GET /api/erp/imports. */
export const listImportsQuerySchema = strictQuery(listImportsQueryFields).transform((v) => ({
  kind: v.kind as ImportKindName | undefined,
  page: v.page as number,
  limit: v.limit as PageSize,
}));
export type ListImportsQuery = z.output<typeof listImportsQuerySchema>;

export type SearchParamsInput = Record<string, string | string[] | null | undefined>;

/**
 * A page's reading of its URL: each known parameter parsed on its own, a bad one falling back to
 * its default, so a mangled link still opens the page.
 */
export function parseTolerant<F extends Record<string, z.ZodType>>(
  fields: F,
  input: SearchParamsInput,
  rename: Partial<Record<keyof F, string>> = {},
): { [K in keyof F]: z.output<F[K]> } {
  const out = {} as { [K in keyof F]: z.output<F[K]> };
  for (const key of Object.keys(fields) as (keyof F)[]) {
    const value = input[(rename[key] ?? key) as string];
    const first = Array.isArray(value) ? value[0] : (value ?? undefined);
    const parsed = fields[key]!.safeParse(first);
    out[key] = (parsed.success ? parsed.data : fields[key]!.parse(undefined)) as z.output<F[typeof key]>;
  }
  return out;
}

// What the API answers (the client's view).

export interface TransferCounts {
  total: number;
  transferred: number;
  notTransferred: number;
  unknown: number;
  /** Not sent yet (and, for an interrupted run, never sent). */
  pending: number;
  sending: number;
}

export interface TransferRunSummary {
  id: string;
  createdAt: string;
  createdBy: { id: number | null; email: string; name: string };
  parentRunId: string | null;
  origin: TransferOrigin;
  state: TransferRunState;
  status: TransferRunStatus;
  batchSize: number;
  totalBatches: number;
  batchesDone: number;
  counts: TransferCounts;
  startedAt: string | null;
  finishedAt: string | null;
  /** Milliseconds from creation to the end (or to now while running). */
  durationMs: number;
}

export interface TransferRunDetail extends TransferRunSummary {
  parent: { id: string; createdAt: string; status: TransferRunStatus } | null;
  children: { id: string; createdAt: string; origin: TransferOrigin; status: TransferRunStatus }[];
  /** Orders of each retry kind not yet handed to a child run: what a retry would send now. */
  retryable: Record<RetryKind, number>;
}

export interface TransferOrderRow {
  position: number;
  orderId: string;
  batch: number;
  outcome: OrderOutcome;
  reason: string | null;
  reasonCode: string | null;
  /** The child run a retry handed this order to, if any (always given by the API). */
  retriedIn?: string | null;
}

export interface TransferRunPage {
  run: TransferRunDetail;
  orders: { items: TransferOrderRow[]; total: number; page: number; limit: number; outcome: OrderOutcome | null };
}

export interface TransferRunList {
  items: TransferRunSummary[];
  total: number;
  page: number;
  limit: number;
  people: string[];
}

export type ImportOutcome = "pending" | "started" | "failed";

export interface ImportRunRow {
  id: number;
  kind: ImportKindName;
  startedAt: string;
  startedBy: { id: number | null; email: string; name: string };
  outcome: ImportOutcome;
  message: string | null;
  errorCode: string | null;
  errorDetail: string | null;
  mayHaveActed: boolean;
  repeatConfirmed: boolean;
  finishedAt: string | null;
}

export interface ImportRunList {
  items: ImportRunRow[];
  total: number;
  page: number;
  limit: number;
  latest: Record<ImportKindName, ImportRunRow | null>;
  windowMinutes: number;
}

/** The 409 of POST /api/erp/imports when the same import was started within the window. */
export interface ImportRepeatConflict {
  code: "conflict";
  lastRun: { by: string; byName: string; at: string; outcome: ImportOutcome };
  windowMinutes: number;
}
