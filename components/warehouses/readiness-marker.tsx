"use client";

import { useTranslations } from "next-intl";
import type { ReadinessCheck } from "@/lib/rules/warehouse";

export function WarningIcon({ className = "h-3.5 w-3.5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <path
        fillRule="evenodd"
        d="M8.485 2.495a1.75 1.75 0 0 1 3.03 0l6.28 10.875A1.75 1.75 0 0 1 16.28 16H3.72a1.75 1.75 0 0 1-1.515-2.63L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** The list row's marker: the words carry the meaning (which checks fail), the icon and colour repeat it. */
export function ReadinessMarker({ attention }: { attention: readonly ReadinessCheck[] }) {
  const t = useTranslations("warehouses.readiness");
  if (attention.length === 0) return <span className="sr-only">{t("ready")}</span>;
  const checks = attention.map((c) => t(`failed.${c}`)).join(", ");
  return (
    <span
      data-testid="readiness-marker"
      data-checks={attention.join(" ")}
      title={checks}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700"
    >
      <WarningIcon />
      <span aria-hidden="true">{t("marker")}</span>
      <span className="sr-only">{t("markerLabel", { checks })}</span>
    </span>
  );
}
