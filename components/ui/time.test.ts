import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activeWindowText } from "@/components/schedules/describe";
import { createClock, RelativeTime, Time, TICK_MS } from "@/components/ui/time";
import { messagesFor } from "@/lib/i18n/messages";
import { createTranslator } from "next-intl";

const render = (locale: "en" | "tr", child: React.ReactElement) =>
  renderToString(h(NextIntlClientProvider, { locale, messages: messagesFor(locale), timeZone: "Europe/Istanbul", children: child }));

describe("<Time> and <RelativeTime>", () => {
  it("show the account's zone in the language's one format", () => {
    expect(render("en", h(Time, { at: "2026-11-26T06:30:00Z" }))).toContain(">26 Nov 2026, 09:30 GMT+3</time>");
    expect(render("tr", h(Time, { at: "2026-11-26T06:30:00Z" }))).toContain(">26 Kas 2026 09:30 GMT+3</time>");
  });

  it("a relative time renders the exact time on the server: the browser's clock decides the words", () => {
    const html = render("en", h(RelativeTime, { at: "2026-11-26T06:30:00Z" }));
    expect(html).toContain('title="26 Nov 2026, 09:30 GMT+3"');
    expect(html).toContain(">26 Nov 2026, 09:30 GMT+3</time>");
  });
});

describe("the words the time controls say", () => {
  it.each([
    ["en", "just now", "Pick a date", "HH:MM", "Choose a file"],
    ["tr", "az önce", "Tarih seçin", "SS:DD", "Dosya seçin"],
  ] as const)("%s", (locale, justNow, pickDate, clock, choose) => {
    const t = createTranslator({ locale, messages: messagesFor(locale) }) as unknown as (key: string) => string;
    expect([t("time.justNow"), t("time.pickDate"), t("time.clockPlaceholder"), t("filePicker.choose")]).toEqual([justNow, pickDate, clock, choose]);
  });
});

describe("the shared ticking clock", () => {
  afterEach(() => vi.useRealTimers());

  it("runs one interval however many readers, moves every tick, and stops with its last reader", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-26T06:30:03Z") });
    const clock = createClock(TICK_MS);
    const seen: number[] = [];
    const offs = [1, 2, 3].map(() => clock.subscribe(() => seen.push(clock.snapshot())));
    expect(vi.getTimerCount()).toBe(1);
    const before = clock.snapshot();
    expect(before).toBe(Date.parse("2026-11-26T06:30:00Z"));
    vi.advanceTimersByTime(TICK_MS);
    expect(seen).toEqual([before + TICK_MS, before + TICK_MS, before + TICK_MS]);
    offs.forEach((off) => off());
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("schedules speak of their active window", () => {
  it.each([
    ["en", "Active between 07:00 and 23:00", "Any time"],
    ["tr", "07:00 ile 23:00 arası etkin", "Her zaman"],
  ] as const)("%s: stored quiet hours 23:00–07:00 read as the window they leave", (locale, window, none) => {
    const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "schedules" }) as unknown as Parameters<typeof activeWindowText>[0];
    expect(activeWindowText(t, { from: "23:00", to: "07:00" })).toBe(window);
    expect(activeWindowText(t, null)).toBe(none);
  });
});
