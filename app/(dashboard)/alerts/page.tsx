import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlertsView } from "@/components/alerts/alerts-view";
import { PageHeader } from "@/components/ui/page-header";
import { CHANNELS_KEY, DELIVERY_STATUSES, deliveriesKey, type DeliveryStatus } from "@/lib/alerts/schemas";
import { listChannelViews, listDeliveryViews } from "@/lib/alerts/service";
import { requirePageMember } from "@/lib/auth/session";
import { can } from "@/lib/auth/roles";
import { log } from "@/lib/log";

export async function generateMetadata(): Promise<Metadata> {
  await requirePageMember();
  return { title: (await getTranslations("alerts"))("title") };
}

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

// Channels and the first page of the log come with the HTML; when they cannot be read here, the client asks and shows the error.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const member = await requirePageMember();
  const t = await getTranslations("alerts");
  const sp = await searchParams;
  const fallback: Record<string, unknown> = {};
  try {
    const channels = await listChannelViews();
    fallback[CHANNELS_KEY] = { items: channels };
    const rawChannel = one(sp.channel);
    const rawStatus = one(sp.status);
    const channel = rawChannel && channels.some((c) => c.id === rawChannel) ? rawChannel : null;
    const status = rawStatus && (DELIVERY_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as DeliveryStatus) : null;
    fallback[deliveriesKey({ channel, status })] = { items: await listDeliveryViews({ channel: channel ?? undefined, status: status ?? undefined }, member) };
  } catch (error) {
    log.warn("alerts prefetch failed", { error: String(error) });
  }
  return (
    <section data-testid="alerts-page">
      <PageHeader title={t("title")} description={t("description")} />
      <AlertsView fallback={fallback} canManage={can(member.role, "alerts.manage")} />
    </section>
  );
}
