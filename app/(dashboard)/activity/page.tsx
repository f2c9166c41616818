import { getTimeZone, getTranslations } from "next-intl/server";
import { ActivityView } from "@/components/activity/activity-view";
import { PageHeader } from "@/components/ui/page-header";
import { activityList } from "@/lib/activity/schemas";
import { auditFacets, readActivity } from "@/lib/activity/service";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import type { SearchParamsInput } from "@/lib/list/definition";
import { redirect } from "next/navigation";
import { defaultViewHref } from "@/lib/views/service";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("activity", "title");

export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  const member = await requirePageMember();
  const t = await getTranslations("activity");
  const params = await searchParams;
  // A bare list URL opens the member's default view, if they chose one.
  const preferred = Object.keys(params).length === 0 ? await defaultViewHref(member, "activity") : null;
  if (preferred) redirect(preferred);
  const state = activityList.load(params);
  const [facets, first] = await Promise.all([auditFacets(), readActivity(state, (await getTimeZone()) ?? "UTC")]);
  const key = activityList.key(state);
  return (
    <section>
      <PageHeader title={t("title")} description={t("description")} />
      <ActivityView actors={facets.actors} actions={facets.actions} fallback={{ [key]: { ...first, key } }} exportMaxRows={getConfig().exports.maxRows} />
    </section>
  );
}
