import { csvFilename, csvHeader, csvLines } from "@/lib/rules/csv";
import type { AuditRecord } from "./schemas";

// The activity export. Every cell is text; JSON columns hold the values as JSON. Encoding, line
// ends and the formula guard come from lib/rules/csv.ts.

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

/** The header line, with the byte order mark, ending in a line break. */
export function activityCsvHeader(): string {
  return csvHeader(ACTIVITY_CSV_COLUMNS);
}

/** Data lines for some records, each ending in a line break ("" for none). */
export function activityCsvLines(records: AuditRecord[]): string {
  return csvLines(records.map(activityCsvRow));
}

/** A whole file in one string (tests and small exports). */
export function buildActivityCsv(records: AuditRecord[]): string {
  return activityCsvHeader() + activityCsvLines(records);
}

/** `activity-YYYYMMDD-HHmm.csv`, in UTC like the `at` column. */
export function activityCsvFilename(now: Date): string {
  return csvFilename("activity", now);
}
