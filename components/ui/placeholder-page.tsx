import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";

export async function PlaceholderPage({ section }: { section: "warehouses" | "erp" | "activity" | "team" }) {
  const t = await getTranslations("placeholder");
  return (
    <section data-testid={`placeholder-${section}`}>
      <PageHeader title={t(`${section}Title`)} />
      <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {t(`${section}Body`)}
      </p>
    </section>
  );
}
