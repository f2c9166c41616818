import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { linkClass } from "@/components/erp/styles";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { ReconciliationView } from "@/components/reconcile/reconciliation-view";
import { PageHeader } from "@/components/ui/page-header";
import { memberPageTitle } from "@/lib/auth/page-title";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import type { SearchParamsInput } from "@/lib/list/definition";
import { RECONCILIATIONS_PATH } from "@/lib/reconcile/constants";
import { bucketOrderList, reconciliationIdParamSchema } from "@/lib/reconcile/schemas";
import { getReconciliation, listBucket } from "@/lib/reconcile/service";
import { toProblem } from "@/lib/server/to-problem";

export const generateMetadata = memberPageTitle("reconcile.detail", "title");

export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsInput> }) {
  const member = await requirePageMember();
  const parsed = reconciliationIdParamSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { id } = parsed.data;
  const sp = await searchParams;
  const reconciliation = await getReconciliation(id).catch((error: unknown) => {
    if (toProblem(error)?.code === "not_found") notFound();
    throw error;
  });
  const list = bucketOrderList(id);
  const state = list.load(sp);
  const fallback = reconciliation.status === "done" ? { [list.key(state)]: { ...(await listBucket(id, state)), key: list.key(state) } } : {};
  const t = await getTranslations("reconcile");
  const tRoles = await getTranslations("roles");
  const canRun = can(member.role, "erp.run");
  return (
    <section data-testid="reconciliation-page">
      <PageHeader
        title={t("detail.title")}
        description={t("detail.idLine", { id })}
        actions={
          <Link href={RECONCILIATIONS_PATH} className={linkClass}>
            {t("detail.back")}
          </Link>
        }
      />
      <SwrFallback fallback={fallback}>
        <ReconciliationView id={id} initial={reconciliation} canRun={canRun} disabledReason={canRun ? null : t("permission", { role: tRoles(member.role) })} backfill={sp.backfill === "1"} exportMaxRows={getConfig().exports.maxRows} />
      </SwrFallback>
    </section>
  );
}
