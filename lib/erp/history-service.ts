import "server-only";
import { db } from "@/lib/store";
import { orderHistory, transferredBefore } from "@/lib/erp/history";
import type { OrderHistory, TransferredBefore } from "@/lib/erp/history-schemas";

export async function getOrderHistory(orderId: string): Promise<OrderHistory> {
  return orderHistory(await db(), orderId);
}

export async function findTransferredBefore(orderIds: string[]): Promise<{ items: TransferredBefore[] }> {
  return { items: await transferredBefore(await db(), orderIds) };
}
