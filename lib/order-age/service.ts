import "server-only";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { orderAgeOf } from "@/lib/order-age/read";
import type { OrderAge } from "@/lib/order-age/schemas";

/** Per channel, the oldest order not yet in the ERP and the counts by age band, against the configured deadline. */
export async function orderAge(now = new Date()): Promise<OrderAge> {
  return orderAgeOf(await db(), getConfig().orderAge, now);
}
