"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { ACTIVITY_PAGE_SIZES, type ActivityPageSize } from "@/lib/activity/query";

const BUTTON =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800";

export function ActivityPagination({
  page,
  limit,
  total,
  shown,
  onPage,
  onLimit,
}: {
  page: number;
  limit: ActivityPageSize;
  total: number;
  shown: number;
  onPage: (page: number) => void;
  onLimit: (limit: ActivityPageSize) => void;
}) {
  const t = useTranslations("activity.pagination");
  const format = useFormatter();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = shown ? (page - 1) * limit + 1 : 0;
  const n = (v: number) => format.number(v);

  return (
    <nav aria-label={t("label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p data-testid="activity-range">{t("range", { from: n(first), to: n(first ? first + shown - 1 : 0), total: n(total) })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-limit`}>
          {t("pageSize")}
        </label>
        <select
          id={`${id}-limit`}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
          value={limit}
          onChange={(e) => onLimit(Number(e.target.value) as ActivityPageSize)}
        >
          {ACTIVITY_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
          {t("previous")}
        </button>
        <span>{t("pageOf", { page: n(page), pages: n(pages) })}</span>
        <button type="button" className={BUTTON} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("next")}
        </button>
      </div>
    </nav>
  );
}
