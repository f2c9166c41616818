"use client";

import { useTranslations } from "next-intl";
import { FailureAlert } from "@/components/warehouses/warehouse-load-failure";

export default function WarehousesError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("warehouses.pageError");
  return (
    <FailureAlert
      testId="warehouses-page-error"
      className="mx-auto max-w-xl"
      title={<h1 className="text-lg font-semibold">{t("title")}</h1>}
      texts={{ retry: t("retry"), back: t("back") }}
      onRetry={reset}
    >
      <p className="mt-1">{t("body")}</p>
      {error.digest ? <p className="mt-1 font-mono text-xs">{t("reference", { digest: error.digest })}</p> : null}
    </FailureAlert>
  );
}
