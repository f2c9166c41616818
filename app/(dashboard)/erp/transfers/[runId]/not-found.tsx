import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { linkClass } from "@/components/erp/styles";

// Inside the dashboard shell, which already renders <main>.
export default async function RunNotFound() {
  const t = await getTranslations("erp.run.notFound");
  return (
    <section data-testid="run-not-found" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("body")}</p>
      <Link href="/erp" className={`${linkClass} mt-6 inline-block`}>
        {t("back")}
      </Link>
    </section>
  );
}
