"use client";

import Link from "next/link";
import { useId } from "react";
import { useTranslations } from "next-intl";
import { ErrorState } from "@/components/ui/states";
import { cardClass, linkClass } from "@/components/ui/styles";
import type { ProblemError } from "@/lib/swr/fetcher";

// One tile of the home page: its own loading, empty and error states, so a tile that fails leaves the others standing.

export function Tile<T>({
  testId,
  title,
  link,
  query,
  isEmpty,
  empty,
  children,
}: {
  testId: string;
  title: string;
  link?: { href: string; label: string };
  query: { data: T | undefined; error: ProblemError | undefined; mutate: () => unknown };
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => React.ReactNode;
}) {
  const t = useTranslations("home.tile");
  const id = useId();
  const { data, error } = query;
  // The link gets prefetch={false}: only the nav and the home actions prefetch, a tile's links are read more than followed.
  return (
    <section aria-labelledby={`${id}-title`} data-testid={testId} className={`${cardClass} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {link ? (
          <Link href={link.href} prefetch={false} className={`${linkClass} text-sm`} data-testid={`${testId}-link`}>
            {link.label}
          </Link>
        ) : null}
      </div>
      {error && !data ? (
        <ErrorState testId={`${testId}-error`} messages="home.tile" error={error} onRetry={() => void query.mutate()} compact />
      ) : !data ? (
        <div data-testid={`${testId}-loading`}>
          <p role="status" className="sr-only">
            {t("loading")}
          </p>
          <div aria-hidden="true" className="space-y-2">
            <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            <span className="block h-4 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          </div>
        </div>
      ) : isEmpty?.(data) ? (
        <p data-testid={`${testId}-empty`} className="text-sm text-slate-600 dark:text-slate-300">
          {empty}
        </p>
      ) : (
        <div className="text-sm">{children(data)}</div>
      )}
      {error && data ? (
        <p role="status" data-testid={`${testId}-stale`} className="text-xs text-amber-800 dark:text-amber-200">
          {t("stale")}
        </p>
      ) : null}
    </section>
  );
}
