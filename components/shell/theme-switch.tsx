"use client";

import { useTheme } from "next-themes";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function ThemeSwitch() {
  const t = useTranslations("shell");
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser; render the neutral choice on the server.
  const mounted = useSyncExternalStore(subscribe, () => true, () => false);
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only sm:not-sr-only">{t("theme")}</span>
      <select
        data-testid="theme-switch"
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
        value={mounted ? (theme ?? "system") : "system"}
        onChange={(e) => setTheme(e.target.value)}
      >
        <option value="system">{t("themeSystem")}</option>
        <option value="light">{t("themeLight")}</option>
        <option value="dark">{t("themeDark")}</option>
      </select>
    </label>
  );
}
