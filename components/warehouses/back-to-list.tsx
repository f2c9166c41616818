import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { linkClass } from "@/components/ui/styles";

export async function BackToList() {
  const t = await getTranslations("warehouses");
  return (
    <p className="mb-4 text-sm">
      <Link href="/warehouses" className={linkClass}>
        <span aria-hidden="true">← </span>
        {t("detail.back")}
      </Link>
    </p>
  );
}
