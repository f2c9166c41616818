import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TargetHistory } from "@/components/audit/target-history";
import { PageHeader } from "@/components/ui/page-header";
import { loadWarehouseForPage } from "@/components/warehouses/load-warehouse";
import { WarehouseActions } from "@/components/warehouses/warehouse-actions";
import { WarehouseDetails } from "@/components/warehouses/warehouse-details";
import { WarehouseLoadFailedPage } from "@/components/warehouses/warehouse-load-failed-page";
import { BackToList } from "@/components/warehouses/back-to-list";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requirePageMember();
  const t = await getTranslations("warehouses");
  const loaded = await loadWarehouseForPage((await params).id);
  return { title: "warehouse" in loaded ? loaded.warehouse.name : t("detail.title") };
}

// One warehouse as the upstream has it now, its ERP mapping, its history, and the actions the
// role allows (the others shown disabled with the reason).
export default async function Page({ params }: Props) {
  const member = await requirePageMember();
  const t = await getTranslations("warehouses");
  const loaded = await loadWarehouseForPage((await params).id);
  if ("failure" in loaded) return <WarehouseLoadFailedPage reason={loaded.failure} />;
  const { warehouse } = loaded;
  const perms = { canWrite: can(member.role, "warehouse.write"), canDelete: can(member.role, "warehouse.delete") };
  return (
    <section data-testid="warehouse-detail">
      <BackToList />
      <PageHeader title={warehouse.name} description={t("detail.subtitle", { code: warehouse.code })} actions={<WarehouseActions warehouse={warehouse} perms={perms} />} />
      <WarehouseDetails warehouse={warehouse} />
      <TargetHistory targetType="warehouse" targetId={warehouse.id} />
    </section>
  );
}
