import { getTranslations } from "next-intl/server";
import { AlertsView } from "@/components/alerts/alerts-view";
import { AuditStreamPanel } from "@/components/audit-stream/audit-stream-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ARRIVALS_KEY, channelList, deliveryList, FRESHNESS_KEY } from "@/lib/alerts/schemas";
import { listFreshnessRules } from "@/lib/alerts/freshness-service";
import { arrivalRule } from "@/lib/alerts/arrivals-service";
import { listChannelPage, listDeliveryViews } from "@/lib/alerts/service";
import { requirePageMember } from "@/lib/auth/session";
import { can } from "@/lib/auth/roles";
import { prefetchPages } from "@/lib/list/prefetch";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("alerts", "title");

// Channels, the freshness rules and the first page of the log come with the HTML; when they cannot be read here, the client asks and shows the error.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const member = await requirePageMember();
  const t = await getTranslations("alerts");
  const params = await searchParams;
  const channels = channelList.load(params);
  const deliveries = deliveryList.load(params);
  const fallback = await prefetchPages<object>("alerts", {
    [channelList.key(channels)]: () => listChannelPage(channels),
    [deliveryList.key(deliveries)]: () => listDeliveryViews(deliveries, member),
    [FRESHNESS_KEY]: async () => ({ rules: await listFreshnessRules() }),
    [ARRIVALS_KEY]: () => arrivalRule(),
  });
  return (
    <section data-testid="alerts-page">
      <PageHeader title={t("title")} description={t("description")} />
      <AlertsView fallback={fallback} canManage={can(member.role, "alerts.manage")} />
      <div className="mt-8">
        <AuditStreamPanel />
      </div>
    </section>
  );
}
