import { getTranslations } from "next-intl/server";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { ReconcileUpload } from "@/components/reconcile/reconcile-upload";
import { ReconcileWindow } from "@/components/reconcile/reconcile-window";
import { ReconciliationHistory } from "@/components/reconcile/reconciliation-history";
import { PageHeader } from "@/components/ui/page-header";
import { memberPageTitle } from "@/lib/auth/page-title";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import type { SearchParamsInput } from "@/lib/list/definition";
import { reconciliationList } from "@/lib/reconcile/schemas";
import { listReconciliations } from "@/lib/reconcile/service";

export const generateMetadata = memberPageTitle("reconcile", "title");

export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  const member = await requirePageMember();
  const state = reconciliationList.load(await searchParams);
  const key = reconciliationList.key(state);
  const page = await listReconciliations(state);
  const t = await getTranslations("reconcile");
  const tRoles = await getTranslations("roles");
  const canRun = can(member.role, "erp.run");
  const disabledReason = canRun ? null : t("permission", { role: tRoles(member.role) });
  return (
    <section data-testid="reconciliations-page" className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ReconcileWindow canRun={canRun} disabledReason={disabledReason} />
        <ReconcileUpload canRun={canRun} disabledReason={disabledReason} />
      </div>
      <SwrFallback fallback={{ [key]: { ...page, key } }}>
        <ReconciliationHistory />
      </SwrFallback>
    </section>
  );
}
