"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { isCurrentSection, NAV_ITEMS } from "@/components/shell/nav-items";
import { headerButtonClass, NavTriggerContent } from "@/components/shell/shell-menus";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

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
            <DropdownMenuItem key={href} asChild>
              <Link href={href} aria-current={current ? "page" : undefined} className={current ? "font-semibold text-brand-700 dark:text-brand-100" : ""}>
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(key)}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
