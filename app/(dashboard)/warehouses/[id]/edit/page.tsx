import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { BackToList } from "@/components/warehouses/back-to-list";
import { loadWarehouseForPage } from "@/components/warehouses/load-warehouse";
import { NotAllowed } from "@/components/warehouses/not-allowed";
import { WarehouseForm } from "@/components/warehouses/warehouse-form";
import { WarehouseLoadFailedPage } from "@/components/warehouses/warehouse-load-failed-page";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requirePageMember();
  const t = await getTranslations("warehouses");
  const loaded = await loadWarehouseForPage((await params).id);
  return { title: "warehouse" in loaded ? t("form.editTitle", { name: loaded.warehouse.name }) : t("detail.title") };
}

// The edit form starts from the warehouse as the upstream has it now; that snapshot is what the
// save is checked against (409 when someone changed it since).
export default async function Page({ params }: Props) {
  const member = await requirePageMember();
  const t = await getTranslations("warehouses");
  const loaded = await loadWarehouseForPage((await params).id);
  if ("failure" in loaded) return <WarehouseLoadFailedPage reason={loaded.failure} />;
  const { warehouse } = loaded;
  return (
    <section data-testid="warehouse-edit">
      <BackToList />
      <PageHeader title={t("form.editTitle", { name: warehouse.name })} description={t("detail.subtitle", { code: warehouse.code })} />
      {can(member.role, "warehouse.write") ? (
        <WarehouseForm key={warehouse.id} warehouse={warehouse} />
      ) : (
        <NotAllowed reason={t("reasons.writeRole")} />
      )}
    </section>
  );
}
