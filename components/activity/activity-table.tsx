"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { ScrollTable } from "@/components/data-table/scroll-table";
import { tdClass, thClass, theadClass } from "@/components/ui/styles";
import { actionLabel } from "@/lib/activity/labels";
import type { AuditRecord } from "@/lib/activity/schemas";
import { EventDetail } from "@/components/activity/event-detail";
import { OutcomeBadge } from "@/components/activity/outcome-badge";

export function ActivityTable({ items, busy }: { items: AuditRecord[]; busy: boolean }) {
  const t = useTranslations("activity");
  const format = useFormatter();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <ScrollTable label={t("table.caption")}>
      <table
        className={`w-full border-collapse max-sm:min-w-[64rem] text-sm transition-opacity ${busy ? "opacity-60" : ""}`}
        aria-busy={busy}
        data-testid="activity-table"
      >
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={thClass}>{t("table.when")}</th>
            <th scope="col" className={thClass}>{t("table.who")}</th>
            <th scope="col" className={thClass}>{t("table.action")}</th>
            <th scope="col" className={thClass}>{t("table.target")}</th>
            <th scope="col" className={thClass}>{t("table.outcome")}</th>
            <th scope="col" className={thClass}>{t("table.message")}</th>
            <th scope="col" className={thClass}>{t("table.details")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((event) => {
            const expanded = open.has(event.id);
            const when = format.dateTime(new Date(event.at), { dateStyle: "medium", timeStyle: "medium" });
            const detailId = `activity-event-${event.id}`;
            return (
              <Fragment key={event.id}>
                <tr className="border-b border-slate-100 dark:border-slate-800" data-testid="activity-row" data-action={event.action}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={event.at}>{when}</time>
                  </td>
                  <td className={`${tdClass} break-all max-sm:break-normal`}>
                    {event.actorEmail ?? <span className="italic text-slate-600 dark:text-slate-300">{t("anonymous")}</span>}
                  </td>
                  <td className={tdClass}>
                    <span title={event.action}>{actionLabel(t, event.action)}</span>
                  </td>
                  <td className={`${tdClass} font-mono text-xs`}>{event.targetType ? `${event.targetType}:${event.targetId ?? ""}` : "—"}</td>
                  <td className={tdClass}>
                    <OutcomeBadge outcome={event.outcome} label={t.has(`outcomes.${event.outcome}`) ? t(`outcomes.${event.outcome}`) : event.outcome} />
                  </td>
                  <td className={`${tdClass} max-w-xs break-words`}>{event.message ?? ""}</td>
                  <td className={tdClass}>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      onClick={() => toggle(event.id)}
                      className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 max-sm:min-h-11 dark:border-slate-600 dark:hover:bg-slate-800"
                    >
                      {expanded ? t("table.hide") : t("table.show")}
                      <span className="sr-only">: {t("table.toggleLabel", { when })}</span>
                    </button>
                  </td>
                </tr>
                {expanded ? (
                  <tr id={detailId} className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950" data-testid="activity-detail">
                    <td colSpan={7} className="px-3 py-2">
                      <EventDetail event={event} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
