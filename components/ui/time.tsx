"use client";

import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { Locale } from "@/lib/i18n/config";
import { formatClock, formatDate, formatDayMonth, formatDateTime, formatRelative, zoneName } from "@/lib/i18n/datetime";

export const TICK_MS = 10_000;

// One ticking clock per pace for the whole page: a single interval, however many times are shown.
export function createClock(tick: number) {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    timer ??= setInterval(() => listeners.forEach((l) => l()), tick);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  };
  return { subscribe, snapshot: () => Math.floor(Date.now() / tick) * tick };
}
const CLOCKS = { [TICK_MS]: createClock(TICK_MS), 1000: createClock(1000) };
const serverSnapshot = () => null;

/** The browser's clock in ms, moving every tick (10 s, or 1 s for progress); null while server-rendering and hydrating. */
export function useNow(tick: 1000 | typeof TICK_MS = TICK_MS): number | null {
  const c = CLOCKS[tick];
  return useSyncExternalStore(c.subscribe, c.snapshot, serverSnapshot);
}

export function useDateTime() {
  const locale = useLocale() as Locale;
  const timeZone = useTimeZone() ?? "UTC";
  const t = useTranslations("time");
  const relative = useCallback((at: Date | string | number, now: number) => formatRelative(at, now, locale) ?? t("justNow"), [locale, t]);
  return useMemo(
    () => ({
      dateTime: (at: Date | string | number) => formatDateTime(at, locale, timeZone),
      date: (at: Date | string | number) => formatDate(at, locale, timeZone),
      dayMonth: (at: Date | string | number) => formatDayMonth(at, locale, timeZone),
      clock: (at: Date | string | number) => formatClock(at, locale, timeZone),
      zone: (at: Date | string | number = Date.now()) => zoneName(at, locale, timeZone),
      relative,
      locale,
      timeZone,
    }),
    [locale, timeZone, relative],
  );
}

/** An exact time: "26 Nov 2026, 09:30 GMT+3". */
export function Time({ at, className }: { at: string; className?: string }) {
  const { dateTime } = useDateTime();
  return (
    <time dateTime={at} className={className}>
      {dateTime(at)}
    </time>
  );
}

/** "2 minutes ago" against the page's live clock; the exact time is its tooltip (and its text until hydrated). */
export function RelativeTime({ at, className }: { at: string; className?: string }) {
  const text = useRelativeText(at);
  const { dateTime } = useDateTime();
  return (
    <time dateTime={at} title={dateTime(at)} className={className} data-relative-time="">
      {text}
    </time>
  );
}

/** Relative text for sentences that embed it; the exact time until the clock is known. */
export function useRelativeText(at: string): string {
  const now = useNow();
  const { dateTime, relative } = useDateTime();
  return now === null ? dateTime(at) : relative(at, now);
}
