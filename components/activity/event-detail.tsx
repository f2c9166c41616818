"use client";

import { useTranslations } from "next-intl";
import { diffValues } from "@/lib/activity/diff";
import { fieldLabel, fieldValue } from "@/lib/activity/readable";
import type { AuditRecord } from "@/lib/activity/schemas";
import { PlainTable } from "@/components/data-table/plain-table";

const REMOVED = "text-red-800 dark:text-red-200";
const ADDED = "text-emerald-800 dark:text-emerald-200";

export function EventDetail({ event }: { event: AuditRecord }) {
  const t = useTranslations("activity.detail");
  const root = useTranslations();
  const changes = diffValues(event.before, event.after);
  const hasValues = event.before != null || event.after != null;
  const hasDetails = event.details != null && !(typeof event.details === "object" && Object.keys(event.details as object).length === 0);
  const notRecorded = <span className="text-slate-600 dark:text-slate-300">{t("notRecorded")}</span>;

  return (
    <div className="grid gap-4 py-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-4">
        <section>
          <h2 className="text-sm font-semibold">{t("changes")}</h2>
          {!hasValues ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("noChanges")}</p>
          ) : changes.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("unchanged")}</p>
          ) : (
            <PlainTable
              testId="activity-diff"
              className="mt-1 table-fixed"
              headClassName="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-200"
              rowClassName="align-top"
              rows={changes}
              rowKey={(c) => c.field}
              columns={[
                { id: "field", header: t("field"), rowHeader: true, headerClassName: "w-1/4", className: "break-words text-xs font-normal", cell: (c) => (c.field ? fieldLabel(root, event.targetType, c.field) : t("value")) },
                {
                  id: "before",
                  header: t("before"),
                  className: (c) => `break-words font-mono text-xs ${c.kind === "removed" ? REMOVED : ""}`,
                  cell: (c) => (c.kind === "added" ? "—" : <del className="no-underline">{fieldValue(root, c.field, c.before)}</del>),
                },
                {
                  id: "after",
                  header: t("after"),
                  className: (c) => `break-words font-mono text-xs ${c.kind === "added" ? ADDED : ""}`,
                  cell: (c) => (c.kind === "removed" ? "—" : <ins className="no-underline">{fieldValue(root, c.field, c.after)}</ins>),
                },
              ]}
            />
          )}
        </section>
        <section>
          <h2 className="text-sm font-semibold">{t("extra")}</h2>
          {hasDetails ? (
            <pre tabIndex={0} className="mt-1 max-h-64 overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 whitespace-pre-wrap break-words rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
              {JSON.stringify(event.details, null, 2)}
            </pre>
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("noExtra")}</p>
          )}
        </section>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 self-start text-sm">
        <dt className="font-medium">{t("action")}</dt>
        <dd className="break-all font-mono text-xs leading-5">{event.action}</dd>
        <dt className="font-medium">{t("target")}</dt>
        <dd className="break-all font-mono text-xs leading-5">
          {event.targetType ? `${event.targetType}:${event.targetId ?? ""}` : notRecorded}
        </dd>
        <dt className="font-medium">{t("actorId")}</dt>
        <dd className="font-mono text-xs leading-5">{event.actorId ?? notRecorded}</dd>
        <dt className="font-medium">{t("requestId")}</dt>
        <dd className="break-all font-mono text-xs leading-5">{event.requestId ?? notRecorded}</dd>
        <dt className="font-medium">{t("ip")}</dt>
        <dd className="break-all font-mono text-xs leading-5">{event.ip ?? notRecorded}</dd>
      </dl>
    </div>
  );
}
