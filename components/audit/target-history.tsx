import Link from "next/link";
import { getLocale, getTimeZone, getTranslations } from "next-intl/server";
import { OutcomeBadge } from "@/components/activity/outcome-badge";
import { summarizeChange } from "@/lib/activity/diff";
import { actionLabel } from "@/lib/activity/labels";
import { actorName, eventMessage, fieldLabel, fieldValue, targetView, type Readers } from "@/lib/activity/readable";
import { activityListBase as activityList, parseTarget } from "@/lib/activity/lists";
import { queryAudit } from "@/lib/activity/service";
import type { Locale } from "@/lib/i18n/config";
import { formatDateTime } from "@/lib/i18n/datetime";

/** One target's recent events and a link to the filtered list; a store failure is the page's error, not "no history". */
export async function TargetHistory({ targetType, targetId, limit = 10 }: { targetType: string; targetId: string | number; limit?: number }) {
  const t = await getTranslations("activity");
  const root = await getTranslations();
  const [locale, timeZone] = [(await getLocale()) as Locale, await getTimeZone()];
  const id = String(targetId);
  const target = `${targetType}:${id}`;
  const { items, total, names } = await queryAudit({ targetType, targetId: id, page: 1, limit });
  const readers: Readers = { t: root, when: (iso) => formatDateTime(iso, locale, timeZone) };
  // A valid type:id is URL-safe, so the link stays readable.
  const href = parseTarget(target) ? `/activity?target=${target}` : `/activity?${activityList.search({ target })}`;
  const headingId = `history-${targetType}-${id}`.replace(/[^\w-]/g, "_");

  return (
    <section aria-labelledby={headingId} data-testid="target-history" className="mt-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("history.title")}
        </h2>
        {total > 0 ? (
          <Link href={href} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
            {t("history.viewAll", { target: (items[0] && targetView(readers, items[0], names)?.text) ?? target })}
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {t("history.empty")}
        </p>
      ) : (
        <ol aria-label={t("history.caption")} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm dark:divide-slate-800 dark:border-slate-700 dark:bg-slate-900">
          {items.map((event) => {
            const change = summarizeChange(event.before, event.after, { label: (field) => fieldLabel(root, event.targetType, field), value: (field, v) => fieldValue(root, field, v) });
            return (
              <li key={event.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2">
                <time dateTime={event.at} className="whitespace-nowrap text-slate-700 dark:text-slate-200">
                  {formatDateTime(event.at, locale, timeZone)}
                </time>
                <span className="break-words" title={event.actorEmail ?? undefined}>
                  {actorName(root, event, names)}
                </span>
                <span className="font-medium" title={actionLabel(t, event.action)}>
                  {eventMessage(readers, event, names)}
                </span>
                <OutcomeBadge outcome={event.outcome} label={t.has(`outcomes.${event.outcome}`) ? t(`outcomes.${event.outcome}`) : event.outcome} />
                {change ? (
                  <span className="basis-full break-words text-xs text-slate-700 dark:text-slate-200">
                    {change.text}
                    {change.more ? ` ${t("history.more", { count: change.more })}` : ""}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
