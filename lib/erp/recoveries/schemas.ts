import { z } from "zod";
import { defineList } from "@/lib/list/definition";
import { datetime, paging } from "@/lib/list/answers";
import { PACE_MAX_PER_MINUTE } from "@/lib/erp/transfers/pace";
import { startedRunAnswer } from "@/lib/erp/transfers/schemas";
import { RECOVERY_MAX_WINDOW_DAYS, RECOVERY_NAME_MAX, recoveryListBase } from "@/lib/erp/recoveries/constants";

export * from "@/lib/erp/recoveries/constants";

const DAY_MS = 86_400_000;
const instant = z.iso.datetime({ offset: true, error: "validation.recovery.dateTime" }).transform((v) => new Date(v));
const text = (max: number, error: string) => z.string({ error }).trim().min(1, { error }).max(max, { error });

export const recoveryBodySchema = z
  .strictObject({
    from: instant,
    to: instant,
    name: text(RECOVERY_NAME_MAX, "validation.recovery.name"),
    confirm: z.boolean({ error: "validation.recovery.confirm" }).default(false),
    source: text(40, "validation.recovery.source").optional(),
    reason: text(200, "validation.recovery.reason").optional(),
    expectedCount: z.number({ error: "validation.recovery.expectedCount" }).int({ error: "validation.recovery.expectedCount" }).min(1, { error: "validation.recovery.expectedCount" }).optional(),
    pacePerMinute: z
      .number({ error: "validation.recovery.pace" })
      .int({ error: "validation.recovery.pace" })
      .min(1, { error: "validation.recovery.pace" })
      .max(PACE_MAX_PER_MINUTE, { error: "validation.recovery.pace" })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const time = (d: unknown) => (d instanceof Date ? d.getTime() : Number.NaN);
    const span = time(body.to) - time(body.from);
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.recovery.toBeforeFrom" });
    else if (span > RECOVERY_MAX_WINDOW_DAYS * DAY_MS) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.recovery.windowTooLong", params: { maximum: RECOVERY_MAX_WINDOW_DAYS } });
    if (body.confirm && body.expectedCount === undefined) ctx.addIssue({ code: "custom", path: ["expectedCount"], message: "validation.recovery.expectedCountRequired" });
  });
export type RecoveryBody = z.output<typeof recoveryBodySchema>;
// For the description: what the parser's refinements add.
export const recoveryShapes = z.strictObject({
  from: z.iso.datetime({ offset: true }).describe("Failures at or after this moment"),
  to: z.iso.datetime({ offset: true }).describe(`Failures before this moment; after from, at most ${RECOVERY_MAX_WINDOW_DAYS} days later`),
  name: z.string().min(1).max(RECOVERY_NAME_MAX).describe("The incident's name"),
  confirm: z.boolean().default(false).describe("false: the frozen count and the first ids, nothing sent; true: start the paced run"),
  source: z.string().min(1).max(40).optional().describe("Only orders of this channel"),
  reason: z.string().min(1).max(200).optional().describe("Only failures with this reason code (server_error:503) or reason text"),
  expectedCount: z.number().int().min(1).optional().describe("Required with confirm: the count the preview answered; another count is refused with 409 and the new count"),
  pacePerMinute: z.number().int().min(1).max(PACE_MAX_PER_MINUTE).optional().describe("Batches per minute; the drain pace by default"),
});

export const recoveryList = defineList(recoveryListBase);

export const recoveryPreviewAnswer = z.object({
  count: z.number().int().describe("Orders failed or of unknown outcome in the window, not since in the ERP nor on their way"),
  orderIds: z.array(z.string()).describe("The first ids, earliest failure first"),
  from: datetime,
  to: datetime,
});
export type RecoveryPreview = z.infer<typeof recoveryPreviewAnswer>;

export const recoveryAnswer = z.object({
  id: z.uuid(),
  name: z.string(),
  from: datetime,
  to: datetime,
  source: z.string().nullable(),
  reason: z.string().nullable(),
  count: z.number().int(),
  runId: z.uuid(),
  pacePerMinute: z.number().int(),
  createdAt: datetime,
  createdBy: z.object({ email: z.string(), name: z.string() }),
});
export type RecoverySummary = z.infer<typeof recoveryAnswer>;

export const recoveryStartedAnswer = startedRunAnswer.extend({ recovery: recoveryAnswer.nullable().describe("Null when the Idempotency-Key's run was not a recovery") });
export type RecoveryStarted = z.infer<typeof recoveryStartedAnswer>;

export const recoveryListAnswer = z.object({ items: z.array(recoveryAnswer), ...paging });
export type RecoveryList = z.infer<typeof recoveryListAnswer>;
