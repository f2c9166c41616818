import type { Metadata } from "next";
import { getTimeZone, getTranslations } from "next-intl/server";
import { ActivityView } from "@/components/activity/activity-view";
import { PageHeader } from "@/components/ui/page-header";
import { activityList } from "@/lib/activity/schemas";
import { auditFacets, readActivity } from "@/lib/activity/service";
import { requirePageMember } from "@/lib/auth/session";
import type { SearchParamsInput } from "@/lib/list/definition";

export async function generateMetadata(): Promise<Metadata> {
  await requirePageMember();
  return { title: (await getTranslations("activity"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<SearchParamsInput> }) {
  await requirePageMember();
  const t = await getTranslations("activity");
  const params = await searchParams;
  const state = activityList.load(params);
  const [facets, first] = await Promise.all([auditFacets(), readActivity(state, (await getTimeZone()) ?? "UTC")]);
  const key = activityList.key(state);
  return (
    <section>
      <PageHeader title={t("title")} description={t("description")} />
      <ActivityView actors={facets.actors} actions={facets.actions} fallback={{ [key]: { ...first, key } }} />
    </section>
  );
}
