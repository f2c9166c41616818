import { ORDER_ID_MAX_LENGTH } from "@/lib/rules/ids";
import { fold } from "@/lib/warehouses/fold";

// Matched on the folded query, so "SİPARİŞ", "sipariş" and "siparis" read alike.
const ORDER_QUERY = new RegExp(`^(?:order|siparis)(?: ?(?:no|id)\\.?)?:? ?#?(\\d{1,${ORDER_ID_MAX_LENGTH}})$`);

/** "order 3572228", "Sipariş No: 3572228": the order id a palette query names, or null. */
export function orderIdInQuery(query: string): string | null {
  return ORDER_QUERY.exec(fold(query))?.[1] ?? null;
}

export function orderHref(orderId: string): string {
  return `/erp/orders/${orderId}`;
}
