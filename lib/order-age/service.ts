import "server-only";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { orderAgeOf } from "@/lib/order-age/read";
import type { OrderAge } from "@/lib/order-age/schemas";

export async function orderAge(now = new Date()): Promise<OrderAge> {
  return orderAgeOf(await db(), getConfig().orderAge, now);
}
