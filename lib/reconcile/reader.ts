import type { UpstreamClient } from "@/lib/upstream/client";
import type { UpstreamOrder } from "@/lib/upstream/schemas";
import { DomainError } from "@/lib/rules/problems";

const PAGE = 100;

export async function readPlatformOrders(client: Pick<UpstreamClient, "listOrders">, from: Date, to: Date, max: number): Promise<UpstreamOrder[]> {
  const orders: UpstreamOrder[] = [];
  const window = { createdFrom: from.toISOString(), createdTo: to.toISOString() };
  for (let page = 1, pages = 1; page <= pages; page++) {
    const answer = await client.listOrders({ page, limit: PAGE, ...window });
    pages = answer.totalPage;
    orders.push(...answer.items);
    if (orders.length > max) throw new DomainError("conflict", `The platform lists more than ${max} orders in this window; choose a shorter one.`);
    if (answer.items.length === 0) break;
  }
  return orders;
}
