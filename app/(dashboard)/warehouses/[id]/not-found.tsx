import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/styles";

export default async function WarehouseNotFound() {
  const t = await getTranslations("warehouses.notFound");
  return (
    <section data-testid="warehouse-not-found" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("body")}</p>
      <Link href="/warehouses" className={`${buttonClass.primary} mt-6`}>
        {t("back")}
      </Link>
    </section>
  );
}
