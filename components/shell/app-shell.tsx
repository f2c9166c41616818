import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { NavLinks } from "@/components/shell/nav-links";
import { Shortcuts } from "@/components/shell/shortcuts";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { can } from "@/lib/auth/roles";

export interface ShellUser {
  name: string;
  email: string;
  role: "viewer" | "operator" | "admin";
}

export async function AppShell({
  user,
  demoMode,
  userMenu,
  children,
}: {
  user?: ShellUser;
  demoMode: boolean;
  userMenu?: React.ReactNode;
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
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex flex-wrap items-center gap-4">
            <Link href="/warehouses" className="text-lg font-semibold text-brand-700 dark:text-brand-100">
              {t("app.name")}
            </Link>
            <NavLinks />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <ThemeSwitch />
            <LocaleSwitch />
            {user ? (
              <div className="text-right text-sm" data-testid="signed-in-user">
                <div className="font-medium">{t("shell.signedInAs", { name: user.name })}</div>
                <div className="text-slate-600 dark:text-slate-300">{t("shell.role", { role: t(`roles.${user.role}`) })}</div>
              </div>
            ) : null}
            {userMenu}
          </div>
        </div>
        {demoMode ? (
          <p className="bg-amber-100 px-4 py-1 text-center text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
            {t("shell.demoMode")}
          </p>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {children}
      </main>
      {user ? <Shortcuts canCreateWarehouse={can(user.role, "warehouse.write")} role={user.role} /> : null}
    </div>
  );
}
