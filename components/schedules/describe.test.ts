import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { earlyText } from "@/components/schedules/describe";

const words = (locale: "en" | "tr") => {
  const t = createTranslator({ locale, namespace: "schedules", messages: messagesFor(locale) as AbstractIntlMessages, onError: (e) => { throw e; } });
  return (sendWhenWaiting: number | null, sendWhenOldestSeconds: number | null) => earlyText(t as never, { sendWhenWaiting, sendWhenOldestSeconds });
};

describe("a transfer schedule's early sends in words", () => {
  it("in English, with the locale's numbers, whole minutes as minutes", () => {
    const en = words("en");
    expect(en(50, 120)).toBe("Also sends when 50 orders wait or the oldest has waited 2 minutes");
    expect(en(1, null)).toBe("Also sends when 1 order waits");
    expect(en(1500, null)).toBe("Also sends when 1,500 orders wait");
    expect(en(null, 90)).toBe("Also sends when the oldest order has waited 90 seconds");
    expect(en(null, null)).toBeNull();
  });

  it("in Turkish", () => {
    const tr = words("tr");
    expect(tr(50, 120)).toBe("Ayrıca 50 sipariş beklediğinde ya da en eskisi 2 dakika beklediğinde gönderir");
    expect(tr(1500, null)).toBe("Ayrıca 1.500 sipariş beklediğinde gönderir");
    expect(tr(null, 45)).toBe("Ayrıca en eski sipariş 45 saniye beklediğinde gönderir");
  });
});
