import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { PageHeader } from "@/components/ui/page-header";
import { BackToList } from "@/components/warehouses/back-to-list";
import { NotAllowed } from "@/components/warehouses/not-allowed";
import { WarehouseForm } from "@/components/warehouses/warehouse-form";
import { loadWarehousePage, warehouseMetadata, type WarehousePageProps } from "@/components/warehouses/warehouse-page";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";

export const generateMetadata = (props: WarehousePageProps) => warehouseMetadata(props, (warehouse, t) => t("form.editTitle", { name: warehouse.name }));

// The form starts from the warehouse as the upstream has it now: the snapshot its save is checked against.
export default async function Page(props: WarehousePageProps) {
  const member = await requirePageMember();
  const page = await loadWarehousePage(props);
  if ("failed" in page) return page.failed;
  const { t, warehouse } = page;
  return (
    <section data-testid="warehouse-edit">
      <Breadcrumbs section="warehouses" items={[{ label: warehouse.name, href: `/warehouses/${warehouse.id}` }, { label: t("actions.edit") }]} />
      <BackToList />
      <PageHeader title={t("form.editTitle", { name: warehouse.name })} description={t("detail.subtitle", { code: warehouse.code })} />
      {can(member.role, "warehouse.write") ? <WarehouseForm key={warehouse.id} warehouse={warehouse} /> : <NotAllowed reason={t("reasons.writeRole")} />}
    </section>
  );
}
