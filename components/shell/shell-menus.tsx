"use client";

import { CircleUser, Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { createContext, useContext } from "react";
import type { ShellUser } from "@/components/shell/app-shell";

// Radix's code loads after the page, out of every first load; until then the same buttons show, disabled, so nothing moves.

export const headerButtonClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-slate-300 px-2 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-progress dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 sm:min-h-9 sm:px-3";

export function UserTriggerContent({ user }: { user: ShellUser }) {
  const t = useTranslations();
  return (
    <>
      <CircleUser className="h-5 w-5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t("shell.userMenu")}: </span>
      <span data-testid="signed-in-user" className="text-left leading-tight max-sm:sr-only">
        <span className="block max-w-[14rem] truncate font-medium">{t("shell.signedInAs", { name: user.name })}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">{t("shell.role", { role: t(`roles.${user.role}`) })}</span>
      </span>
    </>
  );
}

export function NavTriggerContent() {
  const t = useTranslations("nav");
  return (
    <>
      <Menu className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">{t("openMenu")}</span>
    </>
  );
}

// The placeholders read the member from here: next/dynamic's loading view takes no props.
const SlotUser = createContext<ShellUser | null>(null);

function UserPlaceholder() {
  const user = useContext(SlotUser);
  return (
    <button type="button" disabled data-testid="user-menu" className={headerButtonClass}>
      {user ? <UserTriggerContent user={user} /> : null}
    </button>
  );
}

function NavPlaceholder() {
  return (
    <button type="button" disabled data-testid="nav-menu" className={headerButtonClass}>
      <NavTriggerContent />
    </button>
  );
}

const UserMenu = dynamic(() => import("@/components/shell/user-menu").then((m) => m.UserMenu), { ssr: false, loading: UserPlaceholder });
const NavMenu = dynamic(() => import("@/components/shell/nav-menu").then((m) => m.NavMenu), { ssr: false, loading: NavPlaceholder });

export function UserMenuSlot({ user }: { user: ShellUser }) {
  return (
    <SlotUser.Provider value={user}>
      <UserMenu user={user} />
    </SlotUser.Provider>
  );
}

export function NavMenuSlot() {
  return <NavMenu />;
}
