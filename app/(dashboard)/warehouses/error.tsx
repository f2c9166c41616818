"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { alertClass, buttonClass } from "@/components/ui/styles";

// Anything the warehouse pages did not handle themselves (e.g. the history store failing).
export default function WarehousesError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("warehouses.pageError");
  return (
    <div role="alert" data-testid="warehouses-page-error" className={`${alertClass.error} mx-auto max-w-xl`}>
      <h1 className="text-lg font-semibold">{t("title")}</h1>
      <p className="mt-1">{t("body")}</p>
      {error.digest ? <p className="mt-1 font-mono text-xs">{t("reference", { digest: error.digest })}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={reset} className={buttonClass.primary}>
          {t("retry")}
        </button>
        <Link href="/warehouses" className={buttonClass.secondary}>
          {t("back")}
        </Link>
      </div>
    </div>
  );
}
