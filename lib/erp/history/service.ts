import "server-only";
import { db } from "@/lib/store";
import { orderHistory, transferredBefore } from "@/lib/erp/history/store";
import type { OrderHistory, TransferredBefore } from "@/lib/erp/history/schemas";
import type { OrderStory } from "@/lib/erp/history/story";
import { orderStory } from "@/lib/erp/history/story-store";

export async function getOrderHistory(orderId: string): Promise<OrderHistory> {
  return orderHistory(await db(), orderId);
}

export async function findTransferredBefore(orderIds: string[]): Promise<{ items: TransferredBefore[] }> {
  return { items: await transferredBefore(await db(), orderIds) };
}

export async function getOrderStory(orderId: string, history?: OrderHistory): Promise<OrderStory> {
  return orderStory(await db(), orderId, history);
}
