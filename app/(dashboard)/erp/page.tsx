import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ImportsPanel } from "@/components/erp/imports-panel";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { TransferForm } from "@/components/erp/transfer-form";
import { TransferHistory } from "@/components/erp/transfer-history";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { importsKey, transfersKey } from "@/lib/erp/api-client";
import { latestImports, listImports } from "@/lib/erp/import-store";
import { listRunPeople, listRuns } from "@/lib/erp/run-store";
import { listImportsQueryFields, listTransfersQueryFields, parseTolerant, type SearchParamsInput } from "@/lib/erp/schemas";
import { recoverRuns } from "@/lib/erp/service";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("erp") };
}

const IMPORTS_PAGE_SIZE = 10;

// Order transfers (new run, history) and the three imports. The server reads the URL like the
// client does, renders the first pages at once, and the client takes over through /api/erp.
export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  const member = await requirePageMember();
  const t = await getTranslations("erp");
  const tRoles = await getTranslations("roles");
  const { erp } = getConfig();
  const canRun = can(member.role, "erp.run");
  const disabledReason = canRun ? null : t("permission.reason", { role: tRoles(member.role) });

  const sp = await searchParams;
  const runsQuery = parseTolerant(listTransfersQueryFields, sp);
  const importsQuery = { ...parseTolerant(listImportsQueryFields, { kind: sp.import, page: sp.ipage }), limit: IMPORTS_PAGE_SIZE as 10 };
  await recoverRuns();
  const conn = await db();
  const [runs, people, imports, latest] = await Promise.all([
    listRuns(conn, runsQuery),
    listRunPeople(conn),
    listImports(conn, importsQuery),
    latestImports(conn),
  ]);
  const fallback = {
    [transfersKey(runsQuery)]: { ...runs, page: runsQuery.page, limit: runsQuery.limit, people },
    [importsKey(importsQuery)]: { ...imports, page: importsQuery.page, limit: importsQuery.limit, latest, windowMinutes: erp.importRepeatWindowMinutes },
  };

  return (
    <section data-testid="erp-page" className="space-y-10">
      <PageHeader title={t("title")} description={t("description")} />
      <SwrFallback fallback={fallback}>
        <TransferForm canRun={canRun} disabledReason={disabledReason} maxOrders={erp.maxOrdersPerRun} batchSize={erp.batchSize} />
        <TransferHistory />
        <ImportsPanel canRun={canRun} disabledReason={disabledReason} />
      </SwrFallback>
    </section>
  );
}
