"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { alertClass, buttonClass } from "@/components/ui/styles";

/** The platform failed while loading a warehouse: say so (it is not "not found") and offer a retry. */
export function WarehouseLoadFailure({ reason }: { reason: "timeout" | "auth" | "unavailable" }) {
  const t = useTranslations("warehouses.loadFailure");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div role="alert" data-testid="warehouse-load-failure" className={alertClass.error}>
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className="mt-1">{t(reason)}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={() => startTransition(() => router.refresh())}
        >
          {t("retry")}
        </button>
        <Link href="/warehouses" className={buttonClass.secondary}>
          {t("back")}
        </Link>
      </div>
    </div>
  );
}
