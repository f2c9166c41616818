import { z } from "zod";
import { defineList, type ListState } from "@/lib/list/definition";
import { ERP_IMPORT_KINDS, importListBase } from "@/lib/erp/lists";
import { datetime, paging, person } from "@/lib/list/answers";

export const importList = defineList(importListBase);
export type ImportListState = ListState<(typeof importList)["fields"]>;

export const startImportBodySchema = z.strictObject({
  kind: z.enum(ERP_IMPORT_KINDS, { error: "validation.erp.importKind" }),
  confirmRepeat: z.boolean({ error: "validation.trueOrFalse" }).optional(),
});
export type StartImportBody = z.output<typeof startImportBodySchema>;

export type ImportOutcome = "pending" | "started" | "failed";

const importRun = z.object({
  id: z.number().int(),
  kind: z.enum(ERP_IMPORT_KINDS),
  startedAt: datetime,
  startedBy: person,
  outcome: z.enum(["pending", "started", "failed"]),
  message: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorDetail: z.string().nullable(),
  mayHaveActed: z.boolean(),
  repeatConfirmed: z.boolean(),
  finishedAt: datetime.nullable(),
  origin: z.enum(["manual", "scheduled"]).optional(),
  scheduleId: z.string().nullable().optional(),
});
export type ImportRunRow = z.infer<typeof importRun>;
export const importListAnswer = z.object({
  items: z.array(importRun),
  ...paging,
  latest: z.object(Object.fromEntries(ERP_IMPORT_KINDS.map((k) => [k, importRun.nullable()])) as Record<(typeof ERP_IMPORT_KINDS)[number], z.ZodNullable<typeof importRun>>),
  windowMinutes: z.number().int(),
});
export type ImportRunList = z.infer<typeof importListAnswer>;
export const startedImportAnswer = z.object({ run: importRun });
