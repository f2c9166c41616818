"use client";

import { useFormatter, useTranslations } from "next-intl";
import { ChevronLeft, ChevronRight } from "lucide-react";
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
    // On a phone it stays one line: the range, the size (its label for screen readers) and "‹ 2 / 9 ›".
    <nav aria-label={label ?? t("label")} className="mt-4 flex items-center justify-between gap-2 text-sm sm:flex-wrap sm:gap-3" data-testid={testId}>
      <p className="min-w-0" data-testid={rangeTestId}>{t("range", { from: n(first), to: n(first ? first + shown - 1 : 0), total: n(total) })}</p>
      <div className="flex shrink-0 items-center gap-1 sm:flex-wrap sm:gap-3">
        <label htmlFor={`${id}-limit`} className="max-sm:sr-only">
          {t("pageSize")}
        </label>
        <Select
          id={`${id}-limit`}
          className={`${selectClass} py-1 max-sm:min-h-11`}
          value={String(limit)}
          onValueChange={(v) => {
            const size = sizes.find((s) => String(s) === v);
            if (size !== undefined) onLimit(size);
          }}
          options={sizes.map((size) => ({ value: String(size), label: String(size) }))}
        />
        <button type="button" className={`${buttonClass.secondary} ${STEP_CLASS}`} disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4 sm:hidden" />
          <span className="max-sm:sr-only">{t("previous")}</span>
        </button>
        <span className="max-sm:sr-only">{t("pageOf", { page: n(page), pages: n(pages) })}</span>
        <span aria-hidden="true" className="whitespace-nowrap tabular-nums sm:hidden" data-testid={testId ? `${testId}-short` : undefined}>
          {n(page)} / {n(pages)}
        </span>
        <button type="button" className={`${buttonClass.secondary} ${STEP_CLASS}`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <span className="max-sm:sr-only">{t("next")}</span>
          <ChevronRight aria-hidden="true" className="h-4 w-4 sm:hidden" />
        </button>
      </div>
    </nav>
  );
}

const STEP_CLASS = "max-sm:h-11 max-sm:w-11 max-sm:px-0";
