"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { listColumns, ListTable, type ListColumn } from "@/components/data-table/list-table";
import { useDateTime } from "@/components/ui/time";
import type { AuditRecord } from "@/lib/activity/schemas";
import { actionText, actorName, eventMessage, eventOutcome, outcomeText, targetView, type ActivityNames } from "@/lib/activity/readable";
import { EventDetail } from "@/components/activity/event-detail";
import { OutcomeBadge } from "@/components/activity/outcome-badge";

const detailId = (event: AuditRecord) => `activity-event-${event.id}`;

const LINK = "font-medium text-brand-700 underline dark:text-brand-100";

export function ActivityTable({ items, names, busy }: { items: AuditRecord[]; names: ActivityNames; busy: boolean }) {
  const t = useTranslations("activity");
  const root = useTranslations();
  const dt = useDateTime();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const columns = useMemo<ListColumn<AuditRecord>[]>(() => {
    const when = (event: AuditRecord) => dt.dateTime(event.at);
    const readers = { t: root, when: (iso: string) => dt.dateTime(iso) };
    // On a phone's card the time leads and the outcome is a badge.
    const card = { when: "title", outcome: "badge" } as const;
    const make = listColumns<AuditRecord, "when" | "who" | "action" | "target" | "outcome" | "message" | "details">(t, "table.");
    const column = (id: Parameters<typeof make>[0], cell: ListColumn<AuditRecord>["cell"], className?: string) => make(id, cell, { className, card: card[id as keyof typeof card] });
    return [
      column("when", (e) => <time dateTime={e.at}>{when(e)}</time>, "whitespace-nowrap"),
      column("who", (e) => <Actor name={actorName(root, e, names)} email={e.actorEmail} />, "break-words"),
      column("action", (e) => <span title={e.action}>{actionText(root, e.action)}</span>),
      column("target", (e) => {
        const target = targetView(readers, e, names);
        if (!target) return "—";
        return target.href ? (
          <Link href={target.href} className={LINK} data-testid="activity-target">
            {target.text}
          </Link>
        ) : (
          <span data-testid="activity-target">{target.text}</span>
        );
      }),
      column("outcome", (e) => <OutcomeBadge outcome={eventOutcome(e)} label={outcomeText(root, eventOutcome(e))} />),
      column("message", (e) => eventMessage(readers, e, names), "max-w-xs break-words"),
      column("details", (event) => {
        const expanded = open.has(event.id);
        return (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailId(event) : undefined}
            onClick={() => toggle(event.id)}
            className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 max-sm:min-h-11 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {expanded ? t("table.hide") : t("table.show")}
            <span className="sr-only">: {t("table.toggleLabel", { when: when(event) })}</span>
          </button>
        );
      }),
    ];
  }, [t, root, dt, names, open, toggle]);

  return (
    <ListTable
      columns={columns}
      rows={items}
      rowId={(e) => String(e.id)}
      caption={t("table.caption")}
      busy={busy}
      testId="activity-table"
      rowTestId="activity-row"
      rowProps={(e) => ({ "data-action": e.action })}
      detail={(e) => (open.has(e.id) ? { id: detailId(e), testId: "activity-detail", content: <EventDetail event={e} /> } : null)}
    />
  );
}

function Actor({ name, email }: { name: string; email: string | null }) {
  return (
    <span title={email ?? undefined}>
      {name}
      {email && email !== name && email.includes("@") ? <span className="block break-all text-xs text-slate-600 dark:text-slate-300">{email}</span> : null}
    </span>
  );
}
