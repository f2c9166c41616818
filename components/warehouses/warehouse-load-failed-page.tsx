import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { BackToList } from "./back-to-list";
import type { LoadFailure } from "./load-warehouse";
import { WarehouseLoadFailure } from "./warehouse-load-failure";

/** A /warehouses/{id} page whose warehouse the platform failed to give (not a missing one). */
export async function WarehouseLoadFailedPage({ reason }: { reason: LoadFailure }) {
  const t = await getTranslations("warehouses");
  return (
    <section>
      <BackToList />
      <PageHeader title={t("detail.title")} />
      <WarehouseLoadFailure reason={reason} />
    </section>
  );
}
