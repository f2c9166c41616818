"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useDateTime, useNow } from "@/components/ui/time";
import { formatDateTime } from "@/lib/i18n/datetime";
import type { ScheduleRule } from "@/lib/schedules/next";
import { activeWindow } from "@/lib/schedules/constants";
import type { ScheduleFields, ScheduleSpec } from "@/lib/schedules/schemas";

/** "Active between 07:00 and 23:00" for stored quiet hours 23:00–07:00. */
export function activeWindowText(t: (key: string, values?: Record<string, string>) => string, quiet: ScheduleSpec["quiet"]): string {
  const w = activeWindow(quiet);
  return w ? t("window.range", w) : t("window.none");
}

/** "Also sends when 50 orders wait or the oldest has waited 2 minutes"; null when neither is set. */
export function earlyText(t: (key: string, values?: Record<string, string | number>) => string, s: Pick<ScheduleFields, "sendWhenWaiting" | "sendWhenOldestSeconds">): string | null {
  const seconds = s.sendWhenOldestSeconds;
  const age = seconds === null ? null : seconds % 60 === 0 ? t("early.minutes", { minutes: seconds / 60 }) : t("early.seconds", { seconds });
  if (s.sendWhenWaiting !== null && age !== null) return t("early.both", { orders: s.sendWhenWaiting, age });
  if (s.sendWhenWaiting !== null) return t("early.waiting", { orders: s.sendWhenWaiting });
  return age === null ? null : t("early.oldest", { age });
}

export function useScheduleWords() {
  const t = useTranslations("schedules");
  const tKinds = useTranslations("erp.imports.kinds");
  const { locale, relative } = useDateTime();
  const now = useNow();

  const rule = useCallback(
    (r: ScheduleRule): string => {
      switch (r.type) {
        case "every":
          return r.minutes >= 60 ? t("rule.everyHours", { hours: r.minutes / 60 }) : t("rule.every", { minutes: r.minutes });
        case "daily":
          return t("rule.daily", { times: r.times.join(", ") });
        case "weekly": {
          const days = [1, 2, 3, 4, 5, 6, 0].filter((d) => r.days.includes(d)).map((d) => t(`weekdays.${d}`));
          return t("rule.weekly", { days: days.join(", "), times: r.times.join(", ") });
        }
        case "cron":
          return t("rule.cron", { expression: r.expression });
      }
    },
    [t],
  );

  const window = useCallback(
    (s: Pick<ScheduleFields, "activeFrom" | "activeTo">) => activeWindowText(t, s.activeFrom && s.activeTo ? { from: s.activeTo, to: s.activeFrom } : null),
    [t],
  );

  const early = useCallback((s: Pick<ScheduleFields, "sendWhenWaiting" | "sendWhenOldestSeconds">) => earlyText(t, s), [t]);

  const label = useCallback((s: Pick<ScheduleSpec, "name" | "kind">) => s.name ?? t("unnamed", { kind: tKinds(`${s.kind}.name`) }), [t, tKinds]);

  const when = useCallback(
    (iso: string, timeZone: string) => ({
      time: formatDateTime(iso, locale, timeZone),
      relative: now === null ? null : relative(iso, now),
    }),
    [locale, relative, now],
  );

  return { rule, window, early, label, when };
}
