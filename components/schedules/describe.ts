"use client";

import { useFormatter, useNow, useTranslations, type DateTimeFormatOptions } from "next-intl";
import { useCallback } from "react";
import type { ScheduleRule } from "@/lib/schedules/next";
import type { ScheduleSpec } from "@/lib/schedules/schemas";

/** Date and time on the schedule's clock with the zone's short name (dateStyle may not be combined with timeZoneName). */
export function zonedFormat(timeZone: string): DateTimeFormatOptions {
  return { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "short" };
}

export function useScheduleWords() {
  const t = useTranslations("schedules");
  const tKinds = useTranslations("erp.imports.kinds");
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });

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

  const quiet = useCallback((s: Pick<ScheduleSpec, "quiet">) => (s.quiet ? t("quiet.range", { from: s.quiet.from, to: s.quiet.to }) : t("quiet.none")), [t]);

  const label = useCallback((s: Pick<ScheduleSpec, "name" | "kind">) => s.name ?? t("unnamed", { kind: tKinds(`${s.kind}.name`) }), [t, tKinds]);

  const when = useCallback(
    (iso: string, timeZone: string) => ({
      time: format.dateTime(new Date(iso), zonedFormat(timeZone)),
      relative: format.relativeTime(new Date(iso), now),
    }),
    [format, now],
  );

  return { rule, quiet, label, when };
}
