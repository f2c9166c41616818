"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { FailuresCount, useOpenFailures } from "@/components/erp/failures-nav-badge";
import { isCurrentSection, NAV_ITEMS } from "@/components/shell/nav-items";
import { headerButtonClass, NavTriggerContent } from "@/components/shell/shell-menus";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { FAILURES_PATH } from "@/lib/erp/inbox/lists";

/** The main sections as a menu, for screens too narrow for the links. */
export function NavMenu() {
  const t = useTranslations("nav");
  const pathname = usePathname();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger data-testid="nav-menu" className={headerButtonClass}>
        <NavTriggerContent />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" aria-label={t("label")} aria-labelledby={undefined} className="w-56">
        {NAV_ITEMS.map(({ href, key, icon: Icon }) => {
          const current = isCurrentSection(href, pathname);
          return (
            <Fragment key={href}>
              <DropdownMenuItem asChild>
                <Link href={href} aria-current={current ? "page" : undefined} className={current ? "font-semibold text-brand-700 dark:text-brand-100" : ""}>
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(key)}
                </Link>
              </DropdownMenuItem>
              {key === "erp" ? <FailuresMenuItem /> : null}
            </Fragment>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The failures inbox under ERP with the desktop nav's open count (as there, the ERP item alone marks the section current). */
function FailuresMenuItem() {
  const t = useTranslations("erp.failures");
  const open = useOpenFailures();
  if (open === undefined) return null;
  return (
    <DropdownMenuItem asChild>
      <Link href={FAILURES_PATH} data-testid="nav-menu-failures" data-count={open} className="pl-8">
        {t("nav")}
        <FailuresCount open={open} />
      </Link>
    </DropdownMenuItem>
  );
}
