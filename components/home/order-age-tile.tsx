"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Tile } from "@/components/home/tile";
import { Time } from "@/components/ui/time";
import { linkClass } from "@/components/ui/styles";
import { FAILURES_PATH } from "@/lib/erp/inbox/lists";
import { useHomeTile } from "@/lib/home/client";
import { ageParts, type AgeLevel } from "@/lib/order-age/constants";
import type { OrderAgeChannel } from "@/lib/order-age/schemas";

const BASE = "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";
const LEVEL_STYLE: Record<AgeLevel, string> = {
  ok: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-700",
  warn: "bg-amber-100 text-amber-950 ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700",
  critical: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/50 dark:text-red-100 dark:ring-red-700",
  overdue: "bg-red-700 text-white ring-red-800 dark:bg-red-800 dark:ring-red-600",
};
const LEVEL_MARK: Record<AgeLevel, string> = { ok: "✓", warn: "!", critical: "!!", overdue: "✕" };

function listHref(c: OrderAgeChannel): string {
  if (c.oldest.place === "open") return FAILURES_PATH;
  if (c.oldest.place === "running" && c.oldest.runId) return `/erp/transfers/${encodeURIComponent(c.oldest.runId)}`;
  return "/erp#queue";
}

export function OrderAgeTile() {
  const t = useTranslations("home.orderAge");
  const query = useHomeTile("orderAge");
  return (
    <Tile testId="home-order-age" title={t("title")} link={{ href: "/erp#queue", label: t("link") }} query={query} isEmpty={(d) => d.channels.length === 0} empty={t("empty")}>
      {(data) => (
        <div className="space-y-2">
          <p className="text-slate-600 dark:text-slate-300">{t("deadline", { deadline: data.deadlineDays, warn: data.warnDays, critical: data.criticalDays })}</p>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.channels.map((c) => (
              <li key={c.source ?? ""} className="space-y-1 py-2" data-testid="home-order-age-channel" data-source={c.source ?? ""} data-level={c.level}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`${BASE} ${LEVEL_STYLE[c.level]}`} data-testid="home-order-age-level">
                    <span aria-hidden="true">{LEVEL_MARK[c.level]}</span>
                    {t(`levels.${c.level}`)}
                  </span>
                  <Link href={listHref(c)} prefetch={false} className={linkClass} data-testid="home-order-age-oldest">
                    {t("oldest", { channel: c.source ?? t("noChannel"), ...ageParts(c.oldest.since, data.at) })}
                  </Link>
                </div>
                <p className="text-slate-600 dark:text-slate-300">
                  {t("since", { orderId: c.oldest.orderId })} <Time at={c.oldest.since} /> · {t(`places.${c.oldest.place}`)}
                </p>
                <p className="text-slate-600 dark:text-slate-300" data-testid="home-order-age-bands">
                  {t("bands", { count: c.count, ok: c.bands.ok, warn: c.bands.warn, critical: c.bands.critical, overdue: c.bands.overdue })}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Tile>
  );
}
