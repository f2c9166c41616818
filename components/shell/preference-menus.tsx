"use client";

import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useRouter } from "next/navigation";
import { type TransitionStartFunction, useTransition } from "react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { headerButtonClass } from "@/components/shell/shell-menus";
import { setLocale } from "@/lib/i18n/actions";
import { LOCALES } from "@/lib/i18n/config";
import { PreferenceTrigger, THEMES, useThemeChoice } from "@/components/shell/preference-switches";

// The user menu's theme and language choices, as two menus for a page without a signed-in member (the sign-in page).

/** The theme choices as menu radio items: here and in the user menu. */
export function ThemeRadioItems() {
  const t = useTranslations("shell");
  const { setTheme } = useTheme();
  const theme = useThemeChoice();
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={setTheme}>
      {THEMES.map(({ value, key, icon: Icon }) => (
        <DropdownMenuRadioItem key={value} value={value}>
          <Icon className="h-4 w-4" aria-hidden="true" />
          {t(key)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** The language choices as menu radio items; the caller's transition marks its trigger busy. */
export function LocaleRadioItems({ startTransition }: { startTransition: TransitionStartFunction }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  return (
    <DropdownMenuRadioGroup
      value={locale}
      onValueChange={(next) =>
        startTransition(async () => {
          await setLocale(next);
          router.refresh();
        })
      }
    >
      {LOCALES.map((l) => (
        <DropdownMenuRadioItem key={l} value={l} lang={l}>
          {t(`languages.${l}`)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

export function ThemeMenu() {
  const t = useTranslations("shell");
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger data-testid="theme-switch" className={headerButtonClass}>
        <PreferenceTrigger kind="theme" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label={t("theme")}>
        <ThemeRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function LocaleMenu() {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger data-testid="locale-switch" className={headerButtonClass} aria-busy={pending || undefined}>
        <PreferenceTrigger kind="locale" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label={t("shell.language")}>
        <LocaleRadioItems startTransition={startTransition} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
