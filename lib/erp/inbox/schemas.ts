import { z } from "zod";
import { defineList } from "@/lib/list/definition";
import { failuresListBase, INBOX_MEANINGS, RESOLUTION_NOTE_MAX } from "@/lib/erp/inbox/lists";
import { runStartersAnswer } from "@/lib/erp/transfers/schemas";
import { datetime } from "@/lib/list/answers";

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

export const failuresAnswer = z.object({
  groups: z.array(
    z.object({
      meaning: z.enum(INBOX_MEANINGS),
      reasonCode: z.string().nullable(),
      reason: z.string().nullable(),
      count: z.number().int(),
      runs: z.number().int(),
      firstAt: datetime,
      lastAt: datetime,
      orderIds: z.array(z.string()).describe("The group's first order ids (at most 200), each once."),
      runIds: z.array(z.string()).describe("The latest runs holding the group's orders (at most 10), newest first."),
    }),
  ),
  total: z.number().int(),
  people: z.array(z.string()),
  peopleNames: z.array(z.object({ email: z.string(), name: z.string() })),
  starters: runStartersAnswer.describe("Everyone and everything that started the runs of open orders; each `by` is a value the `by` filter takes"),
  channels: z.array(z.string()).describe("The sales channels of the runs' orders (at most 50); each is a value the `channel` filter takes"),
});
export type InboxPage = z.infer<typeof failuresAnswer>;
export const failuresCountAnswer = z.object({ open: z.number().int() });
export const resolvedAnswer = z.object({ resolved: z.number().int() });
