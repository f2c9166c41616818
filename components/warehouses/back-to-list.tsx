"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { linkClass } from "@/components/ui/styles";
import { backToListHref } from "@/lib/warehouses/lists";

export function BackToList() {
  const t = useTranslations("warehouses");
  const list = useSearchParams().get("list");
  return (
    <p className="mb-4 text-sm">
      <Link href={backToListHref(list)} className={linkClass} data-testid="back-to-list">
        <span aria-hidden="true">← </span>
        {t("detail.back")}
      </Link>
    </p>
  );
}
