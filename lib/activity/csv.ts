import type { ExportSheet } from "@/lib/export/sheet";
import type { AuditRecord } from "@/lib/activity/schemas";
import { eventTexts, targetTypeText, type ActivityNames } from "@/lib/activity/readable";
import { catalogTranslator } from "@/lib/i18n/catalog-translator";
import { formatDateTime } from "@/lib/i18n/datetime";
import type { Locale } from "@/lib/i18n/config";

/** An event with the texts the page shows for it, in the file reader's language. */
export type ReadableAudit = AuditRecord & { readable: ReturnType<typeof eventTexts> & { targetType: string } };

/** The readable columns of a file, in the reader's language and the account's zone, as the page reads them. */
export function readableRows(items: readonly AuditRecord[], names: ActivityNames, locale: Locale, timeZone: string): ReadableAudit[] {
  const t = catalogTranslator(locale, timeZone);
  const readers = { t, when: (iso: string) => formatDateTime(iso, locale, timeZone) };
  return items.map((e) => ({ ...e, readable: { ...eventTexts(readers, e, names), targetType: targetTypeText(t, e.targetType) } }));
}

const jsonCell = (v: unknown): string => (v === null || v === undefined ? "" : JSON.stringify(v));

export const ACTIVITY_SHEET: ExportSheet<ReadableAudit, "activity"> = {
  name: "activity",
  columns: [
    { key: "at", value: (r) => new Date(r.at) },
    { key: "actor", value: (r) => r.readable.actor },
    { key: "email", value: (r) => r.actorEmail ?? "" },
    { key: "action", value: (r) => r.readable.action },
    { key: "target", value: (r) => r.readable.target },
    { key: "targetType", value: (r) => r.readable.targetType },
    { key: "targetId", value: (r) => r.targetId ?? "" },
    { key: "outcome", value: (r) => r.readable.outcome },
    { key: "message", value: (r) => r.readable.message },
    { key: "before", value: (r) => jsonCell(r.before) },
    { key: "after", value: (r) => jsonCell(r.after) },
    { key: "details", value: (r) => jsonCell(r.details) },
    { key: "requestId", value: (r) => r.requestId ?? "" },
    { key: "ip", value: (r) => r.ip ?? "" },
  ],
};
