import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("body")}</p>
      <Link href="/warehouses" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">
        {t("back")}
      </Link>
    </main>
  );
}
