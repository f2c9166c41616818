"use client";

import type { ReactNode } from "react";
import { ListTable, type ListTableProps } from "@/components/data-table/list-table";
import { Pagination } from "@/components/ui/pagination";
import { ErrorState, Notice, TableSkeleton } from "@/components/ui/states";
import { buttonClass } from "@/components/ui/styles";
import type { ProblemError } from "@/lib/swr/fetcher";

// Every list's ladder of states: error (never an empty list), loading, empty, no match, page past the end, then the rows.

export interface ListPage {
  items: readonly unknown[];
  total: number;
  /** The count without filters, when the API gives it (tells "none yet" from "no match"). */
  totalAll?: number;
}

export interface ResourceListTexts {
  loading: string;
  emptyTitle: string;
  emptyBody?: string;
  noMatchTitle: string;
  noMatchBody?: string;
  clearFilters?: string;
  pageEmptyTitle: string;
  firstPage: string;
}

export interface ListQuery<P extends ListPage = ListPage> {
  data: P | undefined;
  error?: ProblemError;
  stale: boolean;
  mutate: () => unknown;
}

const TEXTS = ["loading", "emptyTitle", "emptyBody", "noMatchTitle", "noMatchBody", "clearFilters", "pageEmptyTitle", "firstPage"] as const;

export function listTexts(t: { (key: string): string; has(key: string): boolean }, prefix: string, others: Partial<ResourceListTexts> = {}): ResourceListTexts {
  const named = TEXTS.filter((key) => !(key in others) && t.has(prefix + key)).map((key) => [key, t(prefix + key)]);
  return { ...Object.fromEntries(named), ...others } as ResourceListTexts;
}

export interface ListPaging {
  /** The catalog namespace of the pagination texts (range, pageSize, previous, next, pageOf, label). */
  messages: string;
  label?: string;
  state: { page: number; limit: number };
  sizes: readonly number[];
  /** The list's update; `limit` is one of `sizes` (each list types its own). */
  update: (patch: { page: number } | { limit: never }) => void;
  testId?: string;
  rangeTestId?: string;
  onlyWhenPaged?: boolean;
}

export function ResourceList<T>({
  testId,
  texts,
  errorMessages,
  query,
  filtered = false,
  compact = false,
  skeleton,
  errorDetail,
  emptyAction,
  onClearFilters,
  paging,
  table,
  children,
}: {
  testId: string;
  texts: ResourceListTexts;
  errorMessages: string;
  query: ListQuery<ListPage & { items: readonly T[] }>;
  filtered?: boolean;
  compact?: boolean;
  skeleton: { rows: number; cells: readonly string[] };
  errorDetail?: ReactNode;
  emptyAction?: ReactNode;
  onClearFilters?: () => void;
  paging?: ListPaging;
  table?: Omit<ListTableProps<T>, "rows" | "busy">;
  children?: ReactNode;
}) {
  const { data: page, error, stale } = query;
  if (error) {
    return (
      <ErrorState testId={`${testId}-error`} messages={errorMessages} error={error} onRetry={() => void query.mutate()} compact={compact}>
        {errorDetail}
      </ErrorState>
    );
  }
  if (!page || (stale && page.items.length === 0)) {
    return <TableSkeleton rows={skeleton.rows} cells={skeleton.cells} label={texts.loading} testId={`${testId}-loading`} />;
  }
  const none = page.totalAll !== undefined ? page.totalAll === 0 : page.total === 0 && !filtered;
  if (none) {
    return (
      <Notice testId={`${testId}-empty`} title={texts.emptyTitle} body={texts.emptyBody} compact={compact}>
        {emptyAction}
      </Notice>
    );
  }
  if (page.total === 0) {
    return (
      <Notice testId={`${testId}-no-match`} title={texts.noMatchTitle} body={texts.noMatchBody} compact={compact}>
        {onClearFilters && texts.clearFilters ? (
          <button type="button" className={buttonClass.primary} onClick={onClearFilters}>
            {texts.clearFilters}
          </button>
        ) : null}
      </Notice>
    );
  }
  if (page.items.length === 0) {
    return (
      <Notice testId={`${testId}-page-empty`} title={texts.pageEmptyTitle} compact={compact}>
        <button type="button" className={buttonClass.primary} onClick={() => paging?.update({ page: 1 })}>
          {texts.firstPage}
        </button>
      </Notice>
    );
  }
  return (
    <>
      {table ? <ListTable rows={page.items} busy={stale} {...table} /> : children}
      {paging && !(paging.onlyWhenPaged && page.total <= paging.state.limit) ? (
        <Pagination
          messages={paging.messages}
          label={paging.label}
          page={paging.state.page}
          limit={paging.state.limit}
          sizes={paging.sizes}
          total={page.total}
          shown={page.items.length}
          testId={paging.testId}
          rangeTestId={paging.rangeTestId}
          onPage={(n) => paging.update({ page: n })}
          onLimit={(limit) => paging.update({ limit: limit as never })}
        />
      ) : null}
    </>
  );
}
