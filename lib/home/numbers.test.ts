import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";

// Every count Home shows reads in the member's locale: 10117 is "10,117" in English and "10.117" in Turkish.

const COUNTS = ["home.transfers.summary", "home.transfers.run", "home.health.calls", "home.health.ms", "home.failures.group", "home.failures.open", "home.warehouses.byCheck", "home.outcomes.summary"];
const N = 10117;

describe("numbers on Home", () => {
  for (const [locale, shown] of [["en", "10,117"], ["tr", "10.117"]] as const) {
    it(`groups thousands in ${locale}`, () => {
      const t = createTranslator({ locale, messages: messagesFor(locale) as AbstractIntlMessages, onError: (e) => { throw e; } });
      const values = { count: N, total: N, open: N, ms: N, failures: N, calls: N, transferred: N, problems: N, rejected: N, notTransferred: N, unknown: N, time: "09:00", reason: "x", check: "x" };
      for (const key of COUNTS) {
        const text = t(key as never, values as never) as string;
        expect(text, key).not.toContain(String(N));
        expect(text, key).toContain(shown);
      }
    });
  }
});
