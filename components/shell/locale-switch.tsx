"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { SelectSwitch } from "@/components/shell/select-switch";
import { setLocale } from "@/lib/i18n/actions";
import { LOCALES } from "@/lib/i18n/config";

export function LocaleSwitch() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <SelectSwitch
      label={t("shell.language")}
      testId="locale-switch"
      value={locale}
      disabled={pending}
      options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      onChange={(next) =>
        startTransition(async () => {
          await setLocale(next);
          router.refresh();
        })
      }
    />
  );
}
