import type { ExportSheet } from "@/lib/export/sheet";
import type { AuditRecord } from "@/lib/activity/schemas";

const jsonCell = (v: unknown): string => (v === null || v === undefined ? "" : JSON.stringify(v));

export const ACTIVITY_SHEET: ExportSheet<AuditRecord, "activity"> = {
  name: "activity",
  columns: [
    { key: "at", value: (r) => new Date(r.at) },
    { key: "actor", value: (r) => r.actorEmail ?? "" },
    { key: "action", value: (r) => r.action },
    { key: "targetType", value: (r) => r.targetType ?? "" },
    { key: "targetId", value: (r) => r.targetId ?? "" },
    { key: "outcome", value: (r) => r.outcome },
    { key: "message", value: (r) => r.message ?? "" },
    { key: "before", value: (r) => jsonCell(r.before) },
    { key: "after", value: (r) => jsonCell(r.after) },
    { key: "details", value: (r) => jsonCell(r.details) },
    { key: "requestId", value: (r) => r.requestId ?? "" },
    { key: "ip", value: (r) => r.ip ?? "" },
  ],
};
