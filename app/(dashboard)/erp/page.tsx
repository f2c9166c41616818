import { getTranslations } from "next-intl/server";
import { ImportsPanel } from "@/components/erp/imports-panel";
import { OrderQueue } from "@/components/erp/order-queue-lazy";
import { OrderSearch } from "@/components/erp/order-search";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { TransferForm } from "@/components/erp/transfer-form";
import { TransferHistory } from "@/components/erp/transfer-history";
import { TransferHold } from "@/components/erp/transfer-hold";
import { transferHold } from "@/lib/hold/service";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import type { SearchParamsInput } from "@/lib/list/definition";
import { loadErpPage } from "@/app/(dashboard)/erp/load";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("nav", "erp");

export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  const [{ member, fallback }, hold] = await Promise.all([loadErpPage(await searchParams), transferHold()]);
  const t = await getTranslations("erp");
  const tRoles = await getTranslations("roles");
  const { erp } = getConfig();
  const canRun = can(member.role, "erp.run");
  const disabledReason = canRun ? null : t("permission.reason", { role: tRoles(member.role) });

  return (
    <section data-testid="erp-page" className="space-y-10">
      <PageHeader title={t("title")} description={t("description")} />
      <OrderSearch />
      <SwrFallback fallback={fallback}>
        <TransferForm canRun={canRun} disabledReason={disabledReason} maxOrders={erp.maxOrdersPerRun} batchSize={erp.batchSize} hold={hold} />
        <OrderQueue canRun={canRun} disabledReason={disabledReason} />
        <TransferHistory />
        <ImportsPanel canRun={canRun} disabledReason={disabledReason} />
        <TransferHold initial={hold} canRun={canRun} disabledReason={disabledReason} />
      </SwrFallback>
    </section>
  );
}
