import { z } from "zod";
import { defineList, type ListState } from "@/lib/list/definition";
import { ERP_IMPORT_KINDS, importListBase, type ImportKindName } from "@/lib/erp/lists";

export const importList = defineList(importListBase);
export type ImportListState = ListState<(typeof importList)["fields"]>;

export const startImportBodySchema = z.strictObject({
  kind: z.enum(ERP_IMPORT_KINDS, { error: "validation.erp.importKind" }),
  confirmRepeat: z.boolean({ error: "validation.trueOrFalse" }).optional(),
});
export type StartImportBody = z.output<typeof startImportBodySchema>;

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
  origin?: "manual" | "scheduled";
  scheduleId?: string | null;
}

export interface ImportRunList {
  items: ImportRunRow[];
  total: number;
  page: number;
  limit: number;
  latest: Record<ImportKindName, ImportRunRow | null>;
  windowMinutes: number;
}
