import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { BackToList } from "@/components/warehouses/back-to-list";
import { NotAllowed } from "@/components/warehouses/not-allowed";
import { WarehouseForm } from "@/components/warehouses/warehouse-form";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("warehouses", "form.createTitle");

export default async function Page() {
  const member = await requirePageMember();
  const t = await getTranslations("warehouses");
  return (
    <section data-testid="warehouse-create">
      <BackToList />
      <PageHeader title={t("form.createTitle")} description={t("form.createDescription")} />
      {can(member.role, "warehouse.write") ? <WarehouseForm /> : <NotAllowed reason={t("reasons.writeRole")} />}
    </section>
  );
}
