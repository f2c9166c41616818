"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { cardClass, helpTextClass } from "@/components/ui/styles";

// The queue reads its data in the browser anyway: its code loads after the page, and until then the card says it is loading.
function QueuePlaceholder() {
  const t = useTranslations("erpQueue");
  return (
    <section aria-label={t("title")} className={`${cardClass} space-y-4`}>
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className={helpTextClass}>{t("loading")}</p>
    </section>
  );
}

export const OrderQueue = dynamic(() => import("@/components/erp/order-queue").then((m) => m.OrderQueue), { ssr: false, loading: QueuePlaceholder });
