import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { RunView } from "@/components/erp/run-view";
import { linkClass } from "@/components/erp/styles";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { runKey } from "@/lib/erp/api-client";
import { getRunDetail, listRunOrders } from "@/lib/erp/run-store";
import { parseTolerant, runIdSchema, runOrdersQueryFields, type SearchParamsInput } from "@/lib/erp/schemas";
import { recoverRuns } from "@/lib/erp/service";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("erp.run"))("title") };
}

// The results of one transfer run, bookmarkable. A malformed or unknown id is a 404 page.
export default async function Page({ params, searchParams }: { params: Promise<{ runId: string }>; searchParams: Promise<SearchParamsInput> }) {
  const parsed = runIdSchema.safeParse((await params).runId);
  if (!parsed.success) notFound();
  const runId = parsed.data;
  const member = await requirePageMember();
  await recoverRuns();
  const conn = await db();
  const run = await getRunDetail(conn, runId);
  if (!run) notFound();

  const t = await getTranslations("erp");
  const tRoles = await getTranslations("roles");
  const canRun = can(member.role, "erp.run");
  const query = parseTolerant(runOrdersQueryFields, await searchParams);
  const orders = await listRunOrders(conn, runId, query);
  const fallback = {
    [runKey(runId, query)]: { run, orders: { ...orders, page: query.page, limit: query.limit, outcome: query.outcome ?? null } },
  };

  return (
    <section data-testid="run-page">
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
        <RunView runId={runId} canRun={canRun} disabledReason={canRun ? null : t("permission.reason", { role: tRoles(member.role) })} />
      </SwrFallback>
    </section>
  );
}
