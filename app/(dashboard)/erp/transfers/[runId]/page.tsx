import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RunView } from "@/components/erp/run-view";
import { linkClass } from "@/components/erp/styles";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import type { SearchParamsInput } from "@/lib/list/definition";
import { loadRunPage } from "@/app/(dashboard)/erp/load";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("erp.run", "title");

export default async function Page({ params, searchParams }: { params: Promise<{ runId: string }>; searchParams: Promise<SearchParamsInput> }) {
  const { member, runId, fallback } = await loadRunPage((await params).runId, await searchParams);
  const t = await getTranslations("erp");
  const tRoles = await getTranslations("roles");
  const canRun = can(member.role, "erp.run");

  return (
    <section data-testid="run-page">
      <Breadcrumbs section="erp" items={[{ label: t("run.idLine", { id: runId.slice(0, 8) }) }]} />
      <PageHeader
        title={t("run.title")}
        description={t("run.idLine", { id: runId })}
        actions={
          <Link href="/erp" className={linkClass}>
            {t("run.back")}
          </Link>
        }
      />
      <SwrFallback fallback={fallback}>
        <RunView runId={runId} exportMaxRows={getConfig().exports.maxRows} canRun={canRun} disabledReason={canRun ? null : t("permission.reason", { role: tRoles(member.role) })} />
      </SwrFallback>
    </section>
  );
}
