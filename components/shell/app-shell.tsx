import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NavLinks } from "@/components/shell/nav-links";
import { PaletteButton } from "@/components/shell/palette-button";
import { NavMenuSlot, UserMenuSlot } from "@/components/shell/shell-menus";
import { Shortcuts } from "@/components/shell/shortcuts";
import { HoldBanner } from "@/components/shell/hold-banner";
import type { HoldState } from "@/lib/hold/schemas";
import { can } from "@/lib/auth/roles";

export interface ShellUser {
  name: string;
  email: string;
  role: "viewer" | "operator" | "admin";
}

export async function AppShell({
  user,
  demoMode,
  hold,
  children,
}: {
  user?: ShellUser;
  demoMode: boolean;
  hold?: HoldState | null;
  children: React.ReactNode;
}) {
  const t = await getTranslations();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        {t("nav.skipToContent")}
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-1.5 sm:gap-3 sm:px-4 sm:py-2">
          <div className="flex min-w-0 items-center gap-2 md:gap-4">
            {user ? (
              <div className="md:hidden">
                <NavMenuSlot />
              </div>
            ) : null}
            <Link href="/" className="inline-flex min-h-11 items-center text-base font-semibold whitespace-nowrap text-brand-700 max-md:truncate sm:text-lg md:min-h-0 md:shrink-0 dark:text-brand-100" data-testid="brand">
              {t("app.name")}
            </Link>
            <NavLinks className="max-md:hidden" />
          </div>
          {user ? (
            <div className="flex shrink-0 items-center gap-1 sm:gap-2">
              <PaletteButton />
              <UserMenuSlot user={user} />
            </div>
          ) : null}
        </div>
        {demoMode ? (
          <p className="truncate bg-amber-100 px-3 py-0.5 text-center text-xs text-amber-900 sm:px-4 sm:py-1 sm:text-sm dark:bg-amber-900/40 dark:text-amber-100">
            <span className="sm:hidden">{t("shell.demoModeShort")}</span>
            <span className="max-sm:hidden">{t("shell.demoMode")}</span>
          </p>
        ) : null}
        {user && hold?.held ? <HoldBanner hold={hold} role={user.role} /> : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {children}
      </main>
      {user ? <Shortcuts canCreateWarehouse={can(user.role, "warehouse.write")} role={user.role} member={user.email} /> : null}
    </div>
  );
}
