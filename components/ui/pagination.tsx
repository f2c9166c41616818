"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { buttonClass, selectClass } from "@/components/ui/styles";
import { Select } from "@/components/ui/select";

export function Pagination<TSize extends number>({
  messages,
  label,
  page,
  limit,
  sizes,
  total,
  shown,
  onPage,
  onLimit,
  testId,
  rangeTestId = testId ? `${testId}-range` : undefined,
}: {
  messages: string;
  /** The navigation's name, when the namespace has no `label` (several lists share its texts). */
  label?: string;
  page: number;
  limit: TSize;
  sizes: readonly TSize[];
  total: number;
  shown: number;
  onPage: (page: number) => void;
  onLimit: (limit: TSize) => void;
  testId?: string;
  rangeTestId?: string;
}) {
  const t = useTranslations(messages);
  const format = useFormatter();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = shown ? (page - 1) * limit + 1 : 0;
  const n = (v: number) => format.number(v);

  return (
    <nav aria-label={label ?? t("label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm" data-testid={testId}>
      <p data-testid={rangeTestId}>{t("range", { from: n(first), to: n(first ? first + shown - 1 : 0), total: n(total) })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-limit`}>{t("pageSize")}</label>
        <Select
          id={`${id}-limit`}
          className={`${selectClass} py-1`}
          value={String(limit)}
          onValueChange={(v) => {
            const size = sizes.find((s) => String(s) === v);
            if (size !== undefined) onLimit(size);
          }}
          options={sizes.map((size) => ({ value: String(size), label: String(size) }))}
        />
        <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
          {t("previous")}
        </button>
        <span>{t("pageOf", { page: n(page), pages: n(pages) })}</span>
        <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("next")}
        </button>
      </div>
    </nav>
  );
}
