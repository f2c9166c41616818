"use client";

import { LogOut, ShieldOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "@/components/ui/toast";
import type { ShellUser } from "@/components/shell/app-shell";
import { headerButtonClass, UserTriggerContent } from "@/components/shell/shell-menus";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useProblemText } from "@/components/ui/use-problem-text";
import { LocaleRadioItems, ThemeRadioItems } from "@/components/shell/preference-menus";
import { signOutAction } from "@/lib/auth/actions";
import { endAllSessionsRequest } from "@/lib/auth/client";
import { browserStorage, forgetPalette } from "@/lib/palette/forget";

export function UserMenu({ user }: { user: ShellUser }) {
  const t = useTranslations();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const problemText = useProblemText();

  const signOutEverywhere = () =>
    startTransition(async () => {
      try {
        await endAllSessionsRequest();
      } catch (error) {
        toast.error(t("shell.signOutEverywhereFailed", { reason: problemText(error) }));
        return;
      }
      // Every session has ended, this one included; what this browser kept for the member goes with it.
      forgetPalette(browserStorage());
      router.replace("/login?reason=signed_out");
    });

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger data-testid="user-menu" className={headerButtonClass} aria-busy={pending || undefined}>
        <UserTriggerContent user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72" data-testid="user-menu-content">
        <DropdownMenuLabel className="text-sm font-normal">
          <span className="block truncate font-semibold text-slate-900 dark:text-slate-100">{user.name}</span>
          <span className="block truncate text-slate-700 dark:text-slate-300">{user.email}</span>
          <span className="block text-slate-700 dark:text-slate-300">{t("shell.role", { role: t(`roles.${user.role}`) })}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-label={t("shell.theme")}>
          <DropdownMenuLabel>{t("shell.theme")}</DropdownMenuLabel>
          <ThemeRadioItems />
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-label={t("shell.language")}>
          <DropdownMenuLabel>{t("shell.language")}</DropdownMenuLabel>
          <LocaleRadioItems startTransition={startTransition} />
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={pending}
          onSelect={() => {
            forgetPalette(browserStorage());
            startTransition(() => signOutAction());
          }}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t("shell.signOut")}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={pending} onSelect={signOutEverywhere} className="items-start">
          <ShieldOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="block font-medium text-red-800 dark:text-red-300">{t("shell.signOutEverywhere")}</span>
            <span className="block text-xs text-slate-700 dark:text-slate-300">{t("shell.signOutEverywhereHint")}</span>
          </span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
