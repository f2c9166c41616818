"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { isCurrentSection, NAV_ITEMS } from "@/components/shell/nav-items";
import { FailuresNavBadge } from "@/components/erp/failures-nav-badge";

export function NavLinks({ className = "" }: { className?: string }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className={className}>
      <ul className="flex flex-nowrap gap-0.5 xl:gap-1">
        {NAV_ITEMS.map(({ href, key, icon: Icon }) => {
          const current = isCurrentSection(href, pathname);
          return (
            <li key={href} className="flex items-center">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                title={t(key)}
                className={
                  current
                    ? "flex items-center gap-1.5 whitespace-nowrap rounded-md bg-brand-600 px-2.5 py-2 text-sm font-medium text-white xl:px-3"
                    : "flex items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 xl:px-3 dark:text-slate-200 dark:hover:bg-slate-800"
                }
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="max-xl:sr-only">{t(key)}</span>
              </Link>
              {key === "erp" ? <FailuresNavBadge /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
