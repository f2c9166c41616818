import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useProblemText, type ProblemTextOptions } from "@/components/ui/use-problem-text";
import { messagesFor } from "@/lib/i18n/messages";
import type { ProblemDocument } from "@/lib/rules/problems";
import { ProblemError } from "@/lib/swr/fetcher";
import { firstFieldError } from "@/lib/swr/problem-text";

const FIELD_FIRST: ProblemTextOptions = { own: (p) => firstFieldError(p) };

function Probe({ problem, options }: { problem: ProblemDocument; options?: ProblemTextOptions }) {
  return h("p", null, useProblemText(options)(new ProblemError(problem)));
}

function shown(locale: "en" | "tr", problem: ProblemDocument, options?: ProblemTextOptions): string {
  const html = renderToString(h(NextIntlClientProvider, { locale, messages: messagesFor(locale), timeZone: "UTC", children: h(Probe, { problem, options }) }));
  const text = /^<p>(.*)<\/p>$/s.exec(html)?.[1] ?? html;
  return text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

const tr = messagesFor("tr") as { problems: Record<string, string>; validation: Record<string, string> };

describe("useProblemText on a Turkish page", () => {
  const invalid: ProblemDocument = {
    status: 422,
    code: "validation_failed",
    detail: "Invalid input: check name.",
    errors: { name: ["Use at most 100 characters."] },
    fieldCodes: { name: [{ code: "validation.tooLong", params: { maximum: "100" } }] },
  };

  it("shows the catalog text of the code the console sent beside its English field message", () => {
    expect(shown("tr", invalid, FIELD_FIRST)).toBe(tr.validation.tooLong!.replace("{maximum}", "100"));
    expect(shown("en", invalid, FIELD_FIRST)).toBe("Use at most 100 characters.");
    // Without a code the English sentence is not parsed back into a key: the problem code's text shows.
    expect(shown("tr", { ...invalid, fieldCodes: undefined }, FIELD_FIRST)).toBe(tr.problems.validation_failed);
  });

  it("shows the code's text instead of an English detail it cannot word", () => {
    expect(shown("tr", invalid)).toBe(tr.problems.validation_failed);
    expect(shown("tr", { status: 409, code: "conflict", detail: "The warehouse changed meanwhile." })).toBe(tr.problems.conflict);
    expect(shown("tr", { status: 400, code: "not_a_catalog_code", detail: "Send JSON." })).toBe(tr.problems.generic);
  });

  it("keeps the English detail on an English page", () => {
    expect(shown("en", invalid)).toBe("Invalid input: check name.");
    expect(shown("en", { status: 409, code: "conflict", detail: "The warehouse changed meanwhile." })).toBe("The warehouse changed meanwhile.");
  });
});
