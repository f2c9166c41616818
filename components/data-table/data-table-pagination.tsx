"use client";

import { useFormatter } from "next-intl";
import { useId } from "react";
import { buttonClass, selectClass } from "@/components/ui/styles";

export interface PaginationLabels {
  nav: string;
  range: (v: { from: string; to: string; total: string }) => string;
  pageSize: string;
  previous: string;
  next: string;
  pageOf: (v: { page: string; pages: string }) => string;
}

/** Page and page size controls for a server-paged list. */
export function DataTablePagination<TSize extends number>({
  page,
  limit,
  sizes,
  total,
  shown,
  labels,
  onPage,
  onLimit,
  testId,
}: {
  page: number;
  limit: TSize;
  sizes: readonly TSize[];
  total: number;
  shown: number;
  labels: PaginationLabels;
  onPage: (page: number) => void;
  onLimit: (limit: TSize) => void;
  testId?: string;
}) {
  const format = useFormatter();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = shown ? (page - 1) * limit + 1 : 0;
  const n = (v: number) => format.number(v);

  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm" data-testid={testId}>
      <p data-testid={testId ? `${testId}-range` : undefined}>{labels.range({ from: n(first), to: n(first ? first + shown - 1 : 0), total: n(total) })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-limit`}>{labels.pageSize}</label>
        <select
          id={`${id}-limit`}
          className={`${selectClass} py-1`}
          value={limit}
          onChange={(e) => {
            const size = sizes.find((s) => String(s) === e.target.value);
            if (size !== undefined) onLimit(size);
          }}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
          {labels.previous}
        </button>
        <span>{labels.pageOf({ page: n(page), pages: n(pages) })}</span>
        <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {labels.next}
        </button>
      </div>
    </nav>
  );
}
