"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { FAILURES_COUNT_API, FAILURES_PATH } from "@/lib/erp/inbox-lists";
import { fetcher } from "@/lib/swr/fetcher";

const POLL_MS = 30_000;

/** The failures inbox under ERP in the nav, with its open count; nothing while the count is unknown. */
export function FailuresNavBadge() {
  const t = useTranslations("erp.failures");
  const { data } = useSWR<{ open: number }>(FAILURES_COUNT_API, fetcher, { refreshInterval: POLL_MS, shouldRetryOnError: false });
  if (!data) return null;
  return (
    <Link
      href={FAILURES_PATH}
      data-testid="nav-failures"
      data-count={data.open}
      className="flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {t("nav")}
      {data.open > 0 ? (
        <span aria-hidden="true" className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
          {data.open}
        </span>
      ) : null}
      <span className="sr-only">{`: ${t("badge", { count: data.open })}`}</span>
    </Link>
  );
}
