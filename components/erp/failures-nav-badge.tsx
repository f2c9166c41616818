"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useOpenFailureCount } from "@/lib/erp/inbox/client";
import { FAILURES_PATH } from "@/lib/erp/inbox/lists";

/** The open failures count the desktop nav and the phone menu share (one SWR key, one poll); undefined while unknown. */
export function useOpenFailures(): number | undefined {
  const { data } = useOpenFailureCount();
  return data?.open;
}

/** The red count and its words for screen readers, beside the inbox's name. */
export function FailuresCount({ open }: { open: number }) {
  const t = useTranslations("erp.failures");
  const format = useFormatter();
  return (
    <>
      {open > 0 ? (
        <span aria-hidden="true" className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
          {format.number(open)}
        </span>
      ) : null}
      <span className="sr-only">{`: ${t("badge", { count: open })}`}</span>
    </>
  );
}

/** The open failures as a pill on the ERP item, opening the inbox; at none, only words for screen readers; nothing while unknown. */
export function FailuresNavBadge() {
  const t = useTranslations("erp.failures");
  const format = useFormatter();
  const open = useOpenFailures();
  if (open === undefined) return null;
  if (open === 0)
    return (
      <span data-testid="nav-failures" data-count={open} className="sr-only">
        {t("badge", { count: open })}
      </span>
    );
  return (
    <Link
      href={FAILURES_PATH}
      data-testid="nav-failures"
      data-count={open}
      aria-label={t("badge", { count: open })}
      title={t("badge", { count: open })}
      className="-ml-2 rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white ring-2 ring-white hover:bg-red-800 dark:ring-slate-900"
    >
      {format.number(open)}
    </Link>
  );
}
