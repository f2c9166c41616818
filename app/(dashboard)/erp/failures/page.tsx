import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FailuresInbox } from "@/components/erp/failures-inbox";
import { OrderSearch } from "@/components/erp/order-search";
import { RecoverWindow } from "@/components/erp/recover-window";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import { requirePageMember } from "@/lib/auth/session";
import { failuresList } from "@/lib/erp/inbox/schemas";
import { getFailuresInbox } from "@/lib/erp/inbox/service";
import type { SearchParamsInput } from "@/lib/list/definition";

export async function generateMetadata(): Promise<Metadata> {
  await requirePageMember();
  return { title: (await getTranslations("erp.failures"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  const member = await requirePageMember();
  const state = failuresList.load(await searchParams);
  const key = failuresList.key(state);
  const inbox = await getFailuresInbox(state);
  const t = await getTranslations("erp.failures");
  const [tErp, tRoles] = await Promise.all([getTranslations("erp.permission"), getTranslations("roles")]);
  const canRun = can(member.role, "erp.run");
  return (
    <section data-testid="failures-page" className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <FailuresInbox canRun={canRun} fallback={{ [key]: { ...inbox, key } }} />
      <RecoverWindow disabledReason={canRun ? null : tErp("reason", { role: tRoles(member.role) })} pace={getConfig().breaker.drainBatchesPerMinute} />
      <OrderSearch story />
    </section>
  );
}
