import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { OrderHistoryTable } from "@/components/erp/order-history";
import { linkClass } from "@/components/erp/styles";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageMember } from "@/lib/auth/session";
import { orderIdSchema } from "@/lib/erp/history/schemas";
import { getOrderHistory, getOrderStory } from "@/lib/erp/history/service";
import { OrderStoryCard } from "@/components/erp/order-story";

export async function generateMetadata({ params }: { params: Promise<{ orderId: string }> }): Promise<Metadata> {
  await requirePageMember();
  const parsed = orderIdSchema.safeParse((await params).orderId);
  return { title: (await getTranslations("erpOrders.history"))("title", { orderId: parsed.success ? parsed.data : "" }) };
}

export default async function Page({ params }: { params: Promise<{ orderId: string }> }) {
  await requirePageMember();
  const parsed = orderIdSchema.safeParse((await params).orderId);
  if (!parsed.success) notFound();
  const history = await getOrderHistory(parsed.data);
  const story = await getOrderStory(parsed.data, history);
  const t = await getTranslations("erpOrders.history");

  return (
    <section data-testid="order-page" className="space-y-6">
      <Breadcrumbs section="erp" items={[{ label: t("title", { orderId: history.orderId }) }]} />
      <PageHeader
        title={t("title", { orderId: history.orderId })}
        description={t("description")}
        actions={
          <Link href="/erp" className={linkClass}>
            {t("back")}
          </Link>
        }
      />
      <OrderStoryCard story={story} />
      <OrderHistoryTable history={history} />
    </section>
  );
}
