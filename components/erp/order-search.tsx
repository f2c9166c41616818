"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { buttonClass, fieldErrorClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { storyHref } from "@/lib/erp/history/story-links";

// The id's schema (and zod with it) loads after the page, not with it.
const loadOrderIdSchema = () => import("@/lib/erp/history/schemas").then((m) => m.orderIdSchema);

/** `story`: the search opens the order's "What happened?" story instead of its run table. */
export function OrderSearch({ story = false }: { story?: boolean }) {
  const t = useTranslations(story ? "erpOrders.storySearch" : "erpOrders.search");
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  useEffect(() => void loadOrderIdSchema().catch(() => undefined), []);

  return (
    <form
      role="search"
      aria-labelledby={`${id}-label`}
      className="max-w-xl"
      data-testid={story ? "order-story-search" : "order-search"}
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = (await loadOrderIdSchema()).safeParse(value);
        setInvalid(!parsed.success);
        if (parsed.success) router.push(story ? storyHref(parsed.data) : `/erp/orders/${parsed.data}`);
      }}
    >
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="block text-sm font-medium">
        {t("label")}
      </label>
      <p id={`${id}-help`} className={helpTextClass}>
        {t("help")}
      </p>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-input`}
          className={`${inputClass} font-mono`}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : `${id}-help`}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className={buttonClass.secondary}>
          {t("submit")}
        </button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} role="alert" className={fieldErrorClass}>
          {t("invalid")}
        </p>
      ) : null}
    </form>
  );
}
