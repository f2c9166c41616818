import { csvFilename, csvHeader, csvLines } from "@/lib/rules/csv";
import type { AuditRecord } from "@/lib/activity/schemas";

export const ACTIVITY_CSV_COLUMNS = [
  "at",
  "actor",
  "action",
  "target_type",
  "target_id",
  "outcome",
  "message",
  "before",
  "after",
  "details",
  "request_id",
  "ip",
] as const;

const jsonCell = (v: unknown): string => (v === null || v === undefined ? "" : JSON.stringify(v));

export function activityCsvRow(r: AuditRecord): string[] {
  return [
    r.at,
    r.actorEmail ?? "",
    r.action,
    r.targetType ?? "",
    r.targetId ?? "",
    r.outcome,
    r.message ?? "",
    jsonCell(r.before),
    jsonCell(r.after),
    jsonCell(r.details),
    r.requestId ?? "",
    r.ip ?? "",
  ];
}

export function activityCsvHeader(): string {
  return csvHeader(ACTIVITY_CSV_COLUMNS);
}

export function activityCsvLines(records: AuditRecord[]): string {
  return csvLines(records.map(activityCsvRow));
}

export function buildActivityCsv(records: AuditRecord[]): string {
  return activityCsvHeader() + activityCsvLines(records);
}

export function activityCsvFilename(now: Date): string {
  return csvFilename("activity", now);
}
