import { useTranslations } from "next-intl";
import { useCallback } from "react";

export function durationParts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.round(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

export function useDurationText() {
  const t = useTranslations("erp.duration");
  return useCallback(
    (ms: number) => {
      const { hours, minutes, seconds } = durationParts(ms);
      if (hours) return t("hours", { hours, minutes });
      if (minutes) return t("minutes", { minutes, seconds });
      return t("seconds", { seconds });
    },
    [t],
  );
}
