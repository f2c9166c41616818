import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { requirePageMember } from "@/lib/auth/session";
import { warehouseIdParamSchema, type Warehouse } from "@/lib/schemas/warehouse";
import { isUpstreamError } from "@/lib/upstream";
import { getWarehouse } from "@/lib/warehouses/service";

export type LoadFailure = "timeout" | "auth" | "unavailable";

/**
 * The warehouse of a `/warehouses/{id}` page, read from the upstream now. A malformed id or an
 * upstream 404 is the not-found page; any other upstream failure is reported as such (the
 * platform failed), never as "not found". Cached per request (metadata and page share it).
 * Checks the member first: without one, the upstream is never asked and the caller is sent to
 * sign in, whichever of metadata or page asks first.
 */
export const loadWarehouseForPage = cache(async (rawId: string): Promise<{ warehouse: Warehouse } | { failure: LoadFailure }> => {
  await requirePageMember();
  const parsed = warehouseIdParamSchema.safeParse({ id: rawId });
  if (!parsed.success) notFound();
  try {
    return { warehouse: await getWarehouse(parsed.data.id) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.kind === "http" && error.status === 404) notFound();
    if (error.kind === "timeout") return { failure: "timeout" };
    if (error.kind === "http" && (error.status === 401 || error.status === 403)) return { failure: "auth" };
    return { failure: "unavailable" };
  }
});
