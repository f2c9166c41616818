"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import type { PageSize } from "@/lib/erp/schemas";
import { secondaryButtonClass, selectClass } from "./styles";

export function Pagination({
  label,
  page,
  limit,
  sizes,
  total,
  shown,
  onPage,
  onLimit,
}: {
  label: string;
  page: number;
  limit: number;
  sizes: readonly PageSize[];
  total: number;
  shown: number;
  onPage: (page: number) => void;
  onLimit: (limit: PageSize) => void;
}) {
  const t = useTranslations("erp.pagination");
  const format = useFormatter();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = shown ? (page - 1) * limit + 1 : 0;
  const n = (v: number) => format.number(v);

  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{t("range", { from: n(first), to: n(first ? first + shown - 1 : 0), total: n(total) })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-limit`}>{t("pageSize")}</label>
        <select id={`${id}-limit`} className={`${selectClass} w-auto`} value={limit} onChange={(e) => onLimit(Number(e.target.value) as PageSize)}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
          {t("previous")}
        </button>
        <span>{t("pageOf", { page: n(page), pages: n(pages) })}</span>
        <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("next")}
        </button>
      </div>
    </nav>
  );
}
