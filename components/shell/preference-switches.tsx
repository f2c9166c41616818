"use client";

import { Languages, MonitorSmartphone, Moon, Sun } from "lucide-react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { headerButtonClass } from "@/components/shell/shell-menus";

export const THEMES = [
  { value: "light", key: "themeLight", icon: Sun },
  { value: "dark", key: "themeDark", icon: Moon },
  { value: "system", key: "themeSystem", icon: MonitorSmartphone },
] as const;

const subscribe = () => () => {};

/** The stored theme is only known in the browser: the server and the first paint say "system". */
export function useThemeChoice(): (typeof THEMES)[number]["value"] {
  const { theme } = useTheme();
  const mounted = useSyncExternalStore(subscribe, () => true, () => false);
  return THEMES.find((x) => mounted && x.value === theme)?.value ?? "system";
}

/** The button's face: what it sets and its current choice, both shown at every width. */
export function PreferenceTrigger({ kind }: { kind: "theme" | "locale" }) {
  const t = useTranslations();
  const locale = useLocale();
  const choice = useThemeChoice();
  const theme = THEMES.find((x) => x.value === choice)!;
  const Icon = kind === "theme" ? theme.icon : Languages;
  return (
    <>
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {kind === "theme" ? t("shell.theme") : t("shell.language")}: {kind === "theme" ? t(`shell.${theme.key}`) : t(`languages.${locale}`)}
      </span>
    </>
  );
}

// Radix loads after the page, as in the shell; until then the same buttons show, disabled, so nothing moves.
function placeholder(kind: "theme" | "locale") {
  return function Placeholder() {
    return (
      <button type="button" disabled data-testid={kind === "theme" ? "theme-switch" : "locale-switch"} className={headerButtonClass}>
        <PreferenceTrigger kind={kind} />
      </button>
    );
  };
}

const ThemeMenu = dynamic(() => import("@/components/shell/preference-menus").then((m) => m.ThemeMenu), { ssr: false, loading: placeholder("theme") });
const LocaleMenu = dynamic(() => import("@/components/shell/preference-menus").then((m) => m.LocaleMenu), { ssr: false, loading: placeholder("locale") });

export function PreferenceSwitches() {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ThemeMenu />
      <LocaleMenu />
    </div>
  );
}
