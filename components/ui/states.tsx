"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ProblemError } from "@/lib/swr/fetcher";
import { buttonClass } from "@/components/ui/styles";

// A list's states besides its rows; an outage never shows as an empty list.

export function Notice({
  testId,
  title,
  body,
  compact = false,
  children,
}: {
  testId: string;
  title: string;
  body?: string;
  compact?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className={`rounded-lg border border-dashed border-slate-300 bg-white ${compact ? "p-6" : "p-8"} text-center dark:border-slate-700 dark:bg-slate-900`}
    >
      {compact ? <p className="text-base font-semibold">{title}</p> : <h2 className="text-lg font-semibold">{title}</h2>}
      {body ? <p className={`mt-1 ${compact ? "text-sm " : ""}text-slate-600 dark:text-slate-300`}>{body}</p> : null}
      {children ? <div className={`${compact ? "mt-3" : "mt-4"} flex justify-center`}>{children}</div> : null}
    </div>
  );
}

export function ErrorState({
  testId,
  messages,
  error,
  onRetry,
  compact = false,
  children,
}: {
  testId: string;
  messages: string;
  error: ProblemError;
  onRetry: () => void;
  compact?: boolean;
  children?: React.ReactNode;
}) {
  const t = useTranslations(messages);
  const requestId = error.problem.requestId;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {compact ? <p className="text-base font-semibold">{t("errorTitle")}</p> : <h2 className="text-lg font-semibold">{t("errorTitle")}</h2>}
      {error.status === 401 ? (
        <p className="mt-1">
          {t("sessionEnded")}{" "}
          <Link href="/login" className="font-medium underline">
            {t("signIn")}
          </Link>
        </p>
      ) : (
        <>
          {children}
          {requestId ? <p className="mt-1 font-mono text-xs">{t("requestId", { id: requestId })}</p> : null}
          <button type="button" onClick={onRetry} className={`${buttonClass.primary} ${compact ? "mt-3" : "mt-4"}`}>
            {t("retry")}
          </button>
        </>
      )}
    </div>
  );
}

export function TableSkeleton({
  rows,
  label,
  cells,
  testId,
}: {
  rows: number;
  label: string;
  cells: readonly string[];
  testId?: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="divide-y divide-slate-100 dark:divide-slate-800">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex gap-4 px-3 py-3">
            {cells.map((width, j) => (
              <span key={j} className={`h-4 ${width} animate-pulse rounded bg-slate-200 dark:bg-slate-700`} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
