import { z } from "zod";
import { defineList } from "@/lib/list/definition";
import { failuresListBase, INBOX_MEANINGS, RESOLUTION_NOTE_MAX } from "@/lib/erp/inbox/lists";

export const failuresList = defineList(failuresListBase);

const groupFields = {
  meaning: z.enum(INBOX_MEANINGS, { error: "validation.erp.failures.meaning" }),
  reasonCode: z.string({ error: "validation.erp.failures.reason" }).max(200, { error: "validation.erp.failures.reason" }).nullable(),
  reason: z.string({ error: "validation.erp.failures.reason" }).max(2000, { error: "validation.erp.failures.reason" }).nullable(),
};

const confirmed = (meaning: string, field: string) => ({ if: { properties: { meaning: { const: meaning } }, required: ["meaning"] }, then: { properties: { [field]: { const: true } }, required: [field] } });

/** As on the run page: unknown orders may already be in the ERP, rejected ones were refused for a reason; both are sent only when confirmed. */
export const retryGroupBodySchema = z
  .strictObject({
    ...groupFields,
    confirmUnknown: z.boolean({ error: "validation.trueOrFalse" }).optional(),
    confirmRejected: z.boolean({ error: "validation.trueOrFalse" }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.meaning === "unknown" && body.confirmUnknown !== true) ctx.addIssue({ code: "custom", path: ["confirmUnknown"], message: "validation.erp.confirmUnknown" });
    if (body.meaning === "rejected" && body.confirmRejected !== true) ctx.addIssue({ code: "custom", path: ["confirmRejected"], message: "validation.erp.confirmRejected" });
  })
  .meta({ allOf: [confirmed("unknown", "confirmUnknown"), confirmed("rejected", "confirmRejected")] });

export const resolveGroupBodySchema = z.strictObject({
  ...groupFields,
  note: z
    .string({ error: "validation.erp.failures.noteRequired" })
    .trim()
    .min(1, { error: "validation.erp.failures.noteRequired" })
    .max(RESOLUTION_NOTE_MAX, { error: "validation.erp.failures.noteTooLong" }),
});

export type RetryGroupBody = z.infer<typeof retryGroupBodySchema>;
export type ResolveGroupBody = z.infer<typeof resolveGroupBodySchema>;
