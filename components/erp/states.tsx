"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ErpProblemError } from "@/lib/erp/api-client";
import { primaryButtonClass } from "./styles";
import { useProblemText } from "./use-problem-text";

// The distinct states of a list: loading, empty, no match, and an error with retry. An outage
// never shows as an empty list.

export function Notice({ testId, title, body, children }: { testId: string; title: string; body?: string; children?: React.ReactNode }) {
  return (
    <div
      data-testid={testId}
      className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-base font-semibold">{title}</p>
      {body ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{body}</p> : null}
      {children ? <div className="mt-3">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ testId, error, onRetry }: { testId: string; error: ErpProblemError; onRetry: () => void }) {
  const t = useTranslations("erp.states");
  const problemText = useProblemText();
  const requestId = error.problem.requestId;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="text-base font-semibold">{t("errorTitle")}</p>
      {error.status === 401 ? (
        <p className="mt-1">
          {t("sessionEnded")}{" "}
          <Link href="/login" className="font-medium underline">
            {t("signIn")}
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">{problemText(error)}</p>
          {requestId ? <p className="mt-1 font-mono text-xs">{t("requestId", { id: requestId })}</p> : null}
          <button type="button" onClick={onRetry} className={`${primaryButtonClass} mt-3`}>
            {t("retry")}
          </button>
        </>
      )}
    </div>
  );
}

export function TableSkeleton({ testId, rows }: { testId: string; rows: number }) {
  const t = useTranslations("erp.states");
  return (
    <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <p role="status" className="sr-only">
        {t("loading")}
      </p>
      <ul aria-hidden="true" className="divide-y divide-slate-100 dark:divide-slate-800">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex gap-4 px-3 py-3">
            <span className="h-4 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            <span className="h-4 w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            <span className="h-4 flex-1 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          </li>
        ))}
      </ul>
    </div>
  );
}
