import type { Metadata } from "next";
import { getTimeZone, getTranslations } from "next-intl/server";
import { ActivityView } from "@/components/activity/activity-view";
import { PageHeader } from "@/components/ui/page-header";
import { toAuditFilter } from "@/lib/activity/dates";
import { activityApiKey, parseActivitySearchParams, type SearchParamsInput } from "@/lib/activity/query";
import { auditFacets, queryAudit } from "@/lib/audit";
import { requirePageMember } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  await requirePageMember();
  return { title: (await getTranslations("activity"))("title") };
}

// The audit trail. The server reads the URL like the client does (a bad value falls back to its
// default), renders the first page at once, and the client takes over through /api/activity.
export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  await requirePageMember();
  const t = await getTranslations("activity");
  const query = parseActivitySearchParams(await searchParams);
  const filter = toAuditFilter(query, (await getTimeZone()) ?? "UTC");
  const [facets, first] = await Promise.all([auditFacets(), queryAudit({ ...filter, page: query.page, limit: query.limit })]);
  const key = activityApiKey(query);
  const fallback = { [key]: { ...first, page: query.page, limit: query.limit, key } };
  return (
    <section>
      <PageHeader title={t("title")} description={t("description")} />
      <ActivityView actors={facets.actors} actions={facets.actions} fallback={fallback} />
    </section>
  );
}
