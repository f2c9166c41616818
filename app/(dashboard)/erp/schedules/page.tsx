import { getTranslations } from "next-intl/server";
import { SwrFallback } from "@/components/erp/swr-fallback";
import { SchedulesView } from "@/components/schedules/schedules-view";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { prefetchPages } from "@/lib/list/prefetch";
import { scheduleList } from "@/lib/schedules/schemas";
import { listAllSchedules } from "@/lib/schedules/service";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("schedules", "title");

// The list comes with the HTML; when it cannot be read here, the client asks and shows the error.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const member = await requirePageMember();
  const t = await getTranslations("schedules");
  const tRoles = await getTranslations("roles");
  const canWrite = can(member.role, "erp.run");
  const state = scheduleList.load(await searchParams);
  const fallback = await prefetchPages("schedules", { [scheduleList.key(state)]: () => listAllSchedules(state) });
  return (
    <section data-testid="schedules-page" className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <SwrFallback fallback={fallback}>
        <SchedulesView canWrite={canWrite} disabledReason={canWrite ? null : t("permission", { role: tRoles(member.role) })} />
      </SwrFallback>
    </section>
  );
}
