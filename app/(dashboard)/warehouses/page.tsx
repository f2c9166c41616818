import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { GatedButton } from "@/components/ui/gated-button";
import { WarehousesView } from "@/components/warehouses/warehouses-view";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { prefetchPages } from "@/lib/list/prefetch";
import { redirect } from "next/navigation";
import { defaultViewHref } from "@/lib/views/service";
import { loadWarehouseListState, warehouseListKey } from "@/lib/warehouses/schemas";
import { listWarehouses } from "@/lib/warehouses/service";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("nav", "warehouses");

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const member = await requirePageMember();
  const t = await getTranslations("warehouses");
  const params = await searchParams;
  // A bare list URL opens the member's default view, if they chose one.
  const preferred = Object.keys(params).length === 0 ? await defaultViewHref(member, "warehouses") : null;
  if (preferred) redirect(preferred);
  const state = loadWarehouseListState(params);
  const perms = { canWrite: can(member.role, "warehouse.write"), canDelete: can(member.role, "warehouse.delete") };

  const fallback = await prefetchPages("warehouse list", { [warehouseListKey(state)]: () => listWarehouses(state) });

  return (
    <section data-testid="warehouses-page">
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <GatedButton variant="primary" href="/warehouses/new" disabledReason={perms.canWrite ? null : t("reasons.writeRole")} testId="new-warehouse">
            {t("actions.create")}
          </GatedButton>
        }
      />
      <WarehousesView fallback={fallback} perms={perms} exportMaxRows={getConfig().exports.maxRows} />
    </section>
  );
}
