import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageMember } from "@/lib/auth/session";
import { toProblem } from "@/lib/server/to-problem";
import { warehouseIdParamSchema, type Warehouse } from "@/lib/warehouses/schemas";
import { getWarehouse } from "@/lib/warehouses/service";
import { BackToList } from "@/components/warehouses/back-to-list";
import { WarehouseLoadFailure, type LoadFailure } from "@/components/warehouses/warehouse-load-failure";

export type WarehousePageProps = { params: Promise<{ id: string }> };
type Texts = Awaited<ReturnType<typeof getTranslations<"warehouses">>>;

const FAILURES: Partial<Record<string, LoadFailure>> = { upstream_timeout: "timeout", upstream_auth: "auth" };

// Cached per request for metadata and page; the member is checked before the upstream is asked.
export const loadWarehouseForPage = cache(async (rawId: string): Promise<{ warehouse: Warehouse } | { failure: LoadFailure }> => {
  await requirePageMember();
  const parsed = warehouseIdParamSchema.safeParse({ id: rawId });
  if (!parsed.success) notFound();
  try {
    return { warehouse: await getWarehouse(parsed.data.id) };
  } catch (error) {
    const code = toProblem(error)?.code;
    if (!code) throw error;
    if (code === "not_found") notFound();
    return { failure: FAILURES[code] ?? "unavailable" };
  }
});

export async function warehouseMetadata({ params }: WarehousePageProps, title: (warehouse: Warehouse, t: Texts) => string): Promise<Metadata> {
  await requirePageMember();
  const t = await getTranslations("warehouses");
  const loaded = await loadWarehouseForPage((await params).id);
  return { title: "warehouse" in loaded ? title(loaded.warehouse, t) : t("detail.title") };
}

export async function loadWarehousePage({ params }: WarehousePageProps) {
  const t = await getTranslations("warehouses");
  const loaded = await loadWarehouseForPage((await params).id);
  if ("warehouse" in loaded) return { t, warehouse: loaded.warehouse };
  return {
    failed: (
      <section>
        <BackToList />
        <PageHeader title={t("detail.title")} />
        <WarehouseLoadFailure reason={loaded.failure} />
      </section>
    ),
  };
}
