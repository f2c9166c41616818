import type { ExportSheet } from "@/lib/export/sheet";
import { createFormatter, createTranslator, type AbstractIntlMessages } from "use-intl/core";
import type { AuditRecord } from "@/lib/activity/schemas";
import { actorName, eventMessage, targetView, type ActivityNames, type RootTranslator } from "@/lib/activity/readable";
import { messagesFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";

/** An event with the texts the page shows for it, in the file reader's language. */
export type ReadableAudit = AuditRecord & { readable: { actor: string; target: string; message: string } };

/** The readable columns of a file, in the reader's language and the account's zone. */
export function readableRows(items: readonly AuditRecord[], names: ActivityNames, locale: Locale, timeZone: string): ReadableAudit[] {
  const t = createTranslator({ locale, messages: messagesFor(locale) as AbstractIntlMessages, timeZone }) as unknown as RootTranslator;
  const format = createFormatter({ locale, timeZone });
  const readers = { t, when: (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) };
  return items.map((e) => ({ ...e, readable: { actor: actorName(t, e, names), target: targetView(readers, e, names)?.text ?? "", message: eventMessage(readers, e, names) } }));
}

const jsonCell = (v: unknown): string => (v === null || v === undefined ? "" : JSON.stringify(v));

export const ACTIVITY_SHEET: ExportSheet<ReadableAudit, "activity"> = {
  name: "activity",
  columns: [
    { key: "at", value: (r) => new Date(r.at) },
    { key: "actor", value: (r) => r.readable.actor },
    { key: "email", value: (r) => r.actorEmail ?? "" },
    { key: "action", value: (r) => r.action },
    { key: "target", value: (r) => r.readable.target },
    { key: "targetType", value: (r) => r.targetType ?? "" },
    { key: "targetId", value: (r) => r.targetId ?? "" },
    { key: "outcome", value: (r) => r.outcome },
    { key: "message", value: (r) => r.readable.message },
    { key: "before", value: (r) => jsonCell(r.before) },
    { key: "after", value: (r) => jsonCell(r.after) },
    { key: "details", value: (r) => jsonCell(r.details) },
    { key: "requestId", value: (r) => r.requestId ?? "" },
    { key: "ip", value: (r) => r.ip ?? "" },
  ],
};
