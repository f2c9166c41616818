import { NextIntlClientProvider } from "next-intl";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useWarehouseProblemText } from "@/components/warehouses/use-warehouse-text";
import { messagesFor } from "@/lib/i18n/messages";
import type { ProblemDocument } from "@/lib/rules/problems";
import { ProblemError } from "@/lib/swr/fetcher";

function Probe({ problem }: { problem: ProblemDocument }) {
  return h("p", null, useWarehouseProblemText()(new ProblemError(problem)));
}

function shown(locale: "en" | "tr", problem: ProblemDocument): string {
  const html = renderToString(h(NextIntlClientProvider, { locale, messages: messagesFor(locale), timeZone: "UTC", children: h(Probe, { problem }) }));
  const text = /^<p>(.*)<\/p>$/s.exec(html)?.[1] ?? html;
  return text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

const tr = messagesFor("tr") as { validation: { warehouses: Record<string, string> }; warehouses: { errors: Record<string, string> }; problems: Record<string, string> };
const DELETED = "The default warehouse cannot be deleted. Make another warehouse the default first.";

describe("a warehouse refusal on a Turkish page", () => {
  it("says a rule's field message from its code, not the English beside it", () => {
    const problem: ProblemDocument = {
      status: 409,
      code: "conflict",
      detail: DELETED,
      detailCode: { code: "validation.warehouses.defaultCannotBeDeleted" },
      errors: { isDefault: [DELETED] },
      fieldCodes: { isDefault: [{ code: "validation.warehouses.defaultCannotBeDeleted" }] },
    };
    expect(shown("tr", problem)).toBe(tr.validation.warehouses.defaultCannotBeDeleted);
    expect(shown("en", problem)).toBe(DELETED);
    const taken = { status: 422, code: "upstream_rejected", detail: "Bu depo kodu zaten kullanılıyor.", errors: { code: ["This code is already used by another warehouse."] }, fieldCodes: { code: [{ code: "validation.warehouses.codeTaken" }] } };
    expect(shown("tr", taken)).toBe(tr.validation.warehouses.codeTaken);
  });

  it("says the platform's refusal with its words where the field has no code", () => {
    const problem: ProblemDocument = { status: 422, code: "upstream_rejected", detail: "Ad başka depoda.", errors: { name: ["Ad başka depoda."] } };
    expect(shown("tr", problem)).toBe(tr.warehouses.errors.upstreamRejected!.replace("{detail}", "Ad başka depoda."));
  });

  it("says a field message without a code in English only; other pages say the problem's code", () => {
    const problem: ProblemDocument = { status: 409, code: "conflict", errors: { name: [], code: ["Taken."] } };
    expect(shown("en", problem)).toBe("Taken.");
    expect(shown("tr", problem)).toBe(tr.problems.conflict);
  });
});
