"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { fieldCodesOf, type TextCode } from "@/lib/rules/problems";
import { isProblemError } from "@/lib/swr/fetcher";

// The one way a page says a console text in the member's language: from the catalog key and parameters it carries.

/** A code's text in the reader's language; undefined for a key the catalog does not have. */
export function useCodeText(): (text: TextCode | undefined) => string | undefined {
  const catalog = useTranslations();
  return useCallback((text: TextCode | undefined) => (text && catalog.has(text.code) ? catalog(text.code, text.params) : undefined), [catalog]);
}

/** Each field's first message of a failed call: from its code, else the console's own words (a refusal without one). */
export function useFieldErrors(): (error: unknown) => Record<string, string> {
  const say = useCodeText();
  return useCallback(
    (error: unknown) => {
      if (!isProblemError(error)) return {};
      const codes = fieldCodesOf(error.problem);
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.problem.errors ?? {})) {
        const text = say(codes[field]?.[0]) ?? (Array.isArray(messages) ? messages[0] : undefined);
        if (text) out[field] = text;
      }
      return out;
    },
    [say],
  );
}
