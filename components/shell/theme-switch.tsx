"use client";

import { useTheme } from "next-themes";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { SelectSwitch } from "@/components/shell/select-switch";

const subscribe = () => () => {};

export function ThemeSwitch() {
  const t = useTranslations("shell");
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser; render the neutral choice on the server.
  const mounted = useSyncExternalStore(subscribe, () => true, () => false);
  return (
    <SelectSwitch
      label={t("theme")}
      testId="theme-switch"
      value={mounted ? (theme ?? "system") : "system"}
      options={[
        { value: "system", label: t("themeSystem") },
        { value: "light", label: t("themeLight") },
        { value: "dark", label: t("themeDark") },
      ]}
      onChange={setTheme}
    />
  );
}
