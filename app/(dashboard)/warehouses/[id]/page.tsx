import { TargetHistory } from "@/components/audit/target-history";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { PageHeader } from "@/components/ui/page-header";
import { BackToList } from "@/components/warehouses/back-to-list";
import { WarehouseActions } from "@/components/warehouses/warehouse-actions";
import { WarehouseDetails } from "@/components/warehouses/warehouse-details";
import { loadWarehousePage, warehouseMetadata, type WarehousePageProps } from "@/components/warehouses/warehouse-page";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";

export const generateMetadata = (props: WarehousePageProps) => warehouseMetadata(props, (warehouse) => warehouse.name);

export default async function Page(props: WarehousePageProps) {
  const member = await requirePageMember();
  const page = await loadWarehousePage(props);
  if ("failed" in page) return page.failed;
  const { t, warehouse } = page;
  const perms = { canWrite: can(member.role, "warehouse.write"), canDelete: can(member.role, "warehouse.delete") };
  return (
    <section data-testid="warehouse-detail">
      <Breadcrumbs section="warehouses" items={[{ label: warehouse.name }]} />
      <BackToList />
      <PageHeader title={warehouse.name} description={t("detail.subtitle", { code: warehouse.code })} actions={<WarehouseActions warehouse={warehouse} perms={perms} />} />
      <WarehouseDetails warehouse={warehouse} />
      <TargetHistory targetType="warehouse" targetId={warehouse.id} />
    </section>
  );
}
